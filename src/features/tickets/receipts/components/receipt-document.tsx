import ContentCutIcon from '@mui/icons-material/ContentCut';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormatCalendarDate } from '../../../../components/format-calendar-date.ts';
import { Letterhead, type PrintField, PrintFields, SignatureLine } from '../../../../components/print-sheet.tsx';
import type { GroupSettings } from '../../../../domain/group-settings.ts';
import { customerPhones, type ReceiptKind, storedReceipt } from '../../../../domain/modules/ticket/receipts.ts';
import type { TicketReceiptData } from '../use-ticket-receipt.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

interface ReceiptProps {
  data: TicketReceiptData;
  settings: GroupSettings;
  kind: ReceiptKind;
  /** The two-copy receipt says whose copy each is. */
  copy?: 'shop' | 'customer';
}

/** One receipt as printed: the shop, the ticket, the customer and equipment, and who signs. */
export function ReceiptDocument({ data, settings, kind, copy }: ReceiptProps) {
  const { t } = useTranslation();
  const formatDate = useFormatCalendarDate();
  const { ticket, customer, equipment, contract } = data;
  const signed = storedReceipt(ticket, kind);
  const status = str(ticket.status);
  const equipmentText = equipment
    ? [str(equipment.identifier), str(equipment.description), str(equipment.maker)].filter(Boolean).join(' — ')
    : '';

  const fields: PrintField[] = [
    { name: 'number', label: t('receipts.number'), value: str(ticket.number) && `#${str(ticket.number)}` },
    { name: 'date', label: t('receipts.openedOn'), value: formatDate(ticket.created_at) },
    {
      name: 'status',
      label: t('receipts.status'),
      value: status && t(`records.tickets.options.status.${status}`, { defaultValue: status }),
    },
    { name: 'customer', label: t('receipts.customer'), value: str(customer?.name) },
    { name: 'phones', label: t('receipts.phones'), value: customerPhones(customer).join(' · ') },
    { name: 'equipment', label: t('receipts.equipment'), value: equipmentText },
  ];
  if (contract)
    fields.push({ name: 'contract', label: t('receipts.contract'), value: str(contract.description), wide: true });
  if (str(ticket.equipment_observation))
    fields.push({
      name: 'equipment_observation',
      label: t('receipts.equipmentObservation'),
      value: str(ticket.equipment_observation),
      wide: true,
    });
  fields.push(
    { name: 'content', label: t('receipts.reportedProblem'), value: str(ticket.content), wide: true },
    { name: 'problem', label: t('receipts.foundProblem'), value: str(ticket.problem), wide: true },
  );
  const configuration = str(settings['receipt-configuration']).trim();

  return (
    <Box data-receipt={kind} data-copy={copy} sx={{ breakInside: 'avoid' }}>
      <Letterhead
        settings={settings}
        title={t(kind === 'contract' ? 'receipts.contractTitle' : 'receipts.serviceTitle')}
        subtitle={copy && t(copy === 'shop' ? 'receipts.shopCopy' : 'receipts.customerCopy')}
      />
      <Box sx={{ mb: 1 }}>
        <Typography sx={{ fontWeight: 600, fontSize: '1.05em', mb: 1, overflowWrap: 'anywhere' }}>
          {str(ticket.title)}
        </Typography>
        <PrintFields fields={fields} columns={3} />
      </Box>
      {configuration && (
        <Typography
          data-receipt-configuration=""
          sx={{
            fontSize: '0.85em',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            borderTop: '1px solid #bbb',
            pt: 1,
            mt: 1,
          }}
        >
          {configuration}
        </Typography>
      )}
      {kind === 'contract' ? (
        <Box sx={{ mt: 2 }}>
          <Typography sx={{ fontSize: '0.95em', mb: 1.5 }}>{t('receipts.statement')}</Typography>
          <PrintFields
            fields={[
              { name: 'receipt_date', label: t('receipts.date'), value: signed ? formatDate(signed.date) : '' },
              { name: 'legible_name', label: t('receipts.legibleName'), value: signed?.legible_name ?? '' },
            ]}
          />
          <Box sx={{ display: 'flex', gap: 4, mt: 1, maxWidth: 360 }}>
            <SignatureLine
              caption={t('receipts.customerSignature')}
              signature={signed?.signature}
              alt={t('receipts.signatureOf', { name: signed?.legible_name ?? '' })}
            />
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 4, mt: 2 }}>
          {signed ? (
            <SignatureLine
              caption={`${t('receipts.customerSignature')} — ${signed.legible_name}, ${formatDate(signed.date)}`}
              signature={signed.signature}
              alt={t('receipts.signatureOf', { name: signed.legible_name })}
            />
          ) : (
            <SignatureLine caption={t('receipts.customerSignature')} space={44} />
          )}
          <SignatureLine caption={t('receipts.shopSignature')} space={44} />
        </Box>
      )}
    </Box>
  );
}

/** Where the page is cut in two: the shop keeps one half, the customer takes the other. */
export function CutLine() {
  const { t } = useTranslation();
  return (
    <Box
      role="separator"
      aria-label={t('receipts.cutHere')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        my: 3,
        color: '#777',
        fontSize: '0.75em',
        '@media print': { my: '6mm' },
      }}
    >
      <ContentCutIcon sx={{ fontSize: 16 }} />
      <Box sx={{ flex: 1, borderTop: '1px dashed #777' }} />
      <span>{t('receipts.cutHere')}</span>
      <Box sx={{ flex: 1, borderTop: '1px dashed #777' }} />
    </Box>
  );
}
