import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { estimateTotals, formatQuantity } from '../../../../domain/modules/ticket/estimates.ts';
import { formatMoney } from '../../../../domain/money.ts';

/** An estimate's items with their totals: digits in the reader's language, money in the estimate's currency. */
export function EstimateItemsTable({ items, currency }: { items: unknown; currency: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { lines, total } = estimateTotals(items);
  const number = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
  // Four columns fit a phone only with tight cells; headers wrap, amounts never do.
  const tight = { '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: undefined } } };
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={t('estimatePrint.items')}
        data-estimate-items=""
        data-currency={currency}
        sx={tight}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('estimatePrint.description')}</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{t('estimatePrint.quantity')}</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{t('estimatePrint.unitValue')}</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{t('estimatePrint.lineTotal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={index} data-estimate-line={index}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.description}</TableCell>
              <TableCell sx={number}>{formatQuantity(line.quantity, language)}</TableCell>
              <TableCell sx={number}>{formatMoney(line.value, currency, language)}</TableCell>
              <TableCell sx={number}>{formatMoney(line.total, currency, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3} sx={{ textAlign: 'right', fontWeight: 700, color: 'text.primary', fontSize: '1em' }}>
              {t('estimatePrint.total')}
            </TableCell>
            <TableCell
              sx={{ ...number, fontWeight: 700, color: 'text.primary', fontSize: '1em' }}
              data-estimate-total=""
            >
              {formatMoney(total, currency, language)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
