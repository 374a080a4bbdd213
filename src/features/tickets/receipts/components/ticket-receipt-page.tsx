import DrawIcon from '@mui/icons-material/Draw';
import { Alert, Button, Stack } from '@mui/material';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../../components/error-box.tsx';
import { ErrorPage } from '../../../../components/error-page.tsx';
import { PrintPageBar, PrintSheet, ScreenOnly } from '../../../../components/print-sheet.tsx';
import type { ResourceModule } from '../../../../components/resource/module-parts.tsx';
import type { ResourceEnv } from '../../../../components/resource/resource-env.ts';
import { contractReceiptState, type ReceiptKind, storedReceipt } from '../../../../domain/modules/ticket/receipts.ts';
import { recordTitle } from '../../../../domain/records/index.ts';
import { useTicketReceipt } from '../use-ticket-receipt.ts';
import { SignReceiptForm } from './sign-receipt-form.tsx';
import { CutLine, ReceiptDocument } from './receipt-document.tsx';

interface TicketReceiptPageProps {
  env: ResourceEnv;
  ticketId: string;
  kind: ReceiptKind;
  /** What other modules add to the printed ticket (the disk's chosen photos). */
  parts?: ResourceModule;
}

/**
 * A ticket's receipt, ready for A4: the service receipt twice on one page (the shop's copy and
 * the customer's, with a line to cut along) or the contract receipt. Either is signed on the
 * screen: the contract receipt's pad is open until signed; the service receipt, which many print
 * to sign on paper, opens its pad on request.
 */
export function TicketReceiptPage({ env, ticketId, kind, parts }: TicketReceiptPageProps) {
  const { t } = useTranslation();
  const { value: data, error, setError } = useTicketReceipt(env.accountId, ticketId);
  const [signing, setSigning] = useState(false);
  const [saved, setSaved] = useState(false);
  if (data === null) return <ErrorPage code="not_found" />;
  if (!data) return <ErrorBox error={error} onClose={() => setError(null)} />;

  const state = contractReceiptState(data.ticket, env.settings['contract-receipt']);
  // A receipt the mode does not ask for may still be signed: the form closes once there is one.
  const signed = storedReceipt(data.ticket, kind) !== null;
  const showForm = signing || (kind === 'contract' && !signed);
  const title = t(kind === 'contract' ? 'receipts.contractTitle' : 'receipts.serviceTitle');
  const copies = kind === 'service' ? (['shop', 'customer'] as const) : ([undefined] as const);

  return (
    <Stack spacing={2}>
      <ScreenOnly>
        <Stack spacing={2}>
          <PrintPageBar
            overline={recordTitle(data.ticket)}
            title={title}
            back={`/account/${env.accountId}/tickets/${ticketId}`}
            backLabel={t('receipts.back')}
            printLabel={t('receipts.print')}
          >
            {!showForm && (
              <Button startIcon={<DrawIcon />} onClick={() => setSigning(true)}>
                {t(signed ? 'receipts.sign.again' : 'receipts.sign.start')}
              </Button>
            )}
          </PrintPageBar>
          <ErrorBox error={error} onClose={() => setError(null)} />
          {kind === 'contract' && state === 'not-required' && (
            <Alert severity="info">{t('receipts.notRequired')}</Alert>
          )}
          {saved && !showForm && (
            <Alert severity="success" onClose={() => setSaved(false)}>
              {t('receipts.sign.saved')}
            </Alert>
          )}
          {showForm && (
            <SignReceiptForm
              env={env}
              kind={kind}
              ticketId={ticketId}
              onSaved={() => {
                setSigning(false);
                setSaved(true);
              }}
              onCancel={signed ? () => setSigning(false) : undefined}
            />
          )}
        </Stack>
      </ScreenOnly>
      <PrintSheet label={title}>
        {copies.map((copy, index) => (
          <Fragment key={copy ?? 'single'}>
            {index > 0 && <CutLine />}
            <ReceiptDocument data={data} settings={env.settings} kind={kind} copy={copy} />
          </Fragment>
        ))}
        {parts?.printChildren?.(data.ticket, env)}
      </PrintSheet>
    </Stack>
  );
}
