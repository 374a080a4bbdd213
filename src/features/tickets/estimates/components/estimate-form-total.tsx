import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { estimateTotals } from '../../../../domain/modules/ticket/estimates.ts';
import { formatMoney } from '../../../../domain/money.ts';

/** The estimate's total as its items are typed, so the form says what the customer will read. */
export function EstimateFormTotal({ items, currency }: { items: unknown; currency: string }) {
  const { t, i18n } = useTranslation();
  const { lines, total } = estimateTotals(items);
  if (lines.length === 0) return null;
  return (
    <Typography sx={{ textAlign: 'right', fontWeight: 700 }} data-estimate-form-total="" aria-live="polite">
      {t('estimatePrint.total')}: {formatMoney(total, currency, i18n.language)}
    </Typography>
  );
}
