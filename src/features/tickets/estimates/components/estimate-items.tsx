import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import { EstimateItemsTable } from './estimate-items-table.tsx';

/** The estimate page's items, priced and totalled (the generic page would list them as text). */
export function EstimateItems({ estimate, currency }: { estimate: PouchDoc; currency: string }) {
  const { t } = useTranslation();
  const items = Array.isArray(estimate.items) ? estimate.items : [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('estimatePrint.items')}
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary">{t('estimatePrint.noItems')}</Typography>
        ) : (
          <EstimateItemsTable items={items} currency={currency} />
        )}
      </CardContent>
    </Card>
  );
}
