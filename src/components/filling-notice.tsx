import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFilling } from '../data/sync-store.ts';

/**
 * What a list shows while the group's copy is filled for the first time on this device (seconds
 * for a large group), where its rows will be: nothing would look like a list that failed.
 */
export function FillingNotice({ dbName }: { dbName: string }) {
  const { t } = useTranslation();
  if (!useFilling(dbName)) return null;
  return (
    <Box sx={{ py: 6, textAlign: 'center' }} role="status">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('sync.filling')}
      </Typography>
      <LinearProgress aria-label={t('sync.filling')} sx={{ maxWidth: 320, mx: 'auto' }} />
    </Box>
  );
}
