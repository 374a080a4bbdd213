import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLasting } from './use-lasting.ts';

/**
 * Waiting for a page; `label` says what for, when it is more than loading. Nothing shows for a
 * wait too short to need it (useLasting), in the same space, so the page does not move after.
 */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  const shown = useLasting(true);
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}
      role="status"
      aria-busy="true"
    >
      {shown ? (
        <>
          <CircularProgress aria-label={label ?? t('nav.loading')} />
          {label && <Typography color="text.secondary">{label}</Typography>}
        </>
      ) : (
        <Box sx={{ height: 40 }} />
      )}
    </Box>
  );
}
