import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Waiting for a page; `label` says what for, when it is more than loading. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }} role="status">
      <CircularProgress aria-label={label ?? t('nav.loading')} />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
