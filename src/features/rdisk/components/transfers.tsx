import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/use-error-text.ts';
import { describeError } from '../../../components/error-text.ts';
import { cancelTransfer, useTransferStore } from '../transfer-store.ts';

/** The group's uploads (into one folder, when said): being sent (with progress), waiting on the device, or refused. */
export function Transfers({ db, dirId }: { db: string; dirId?: string | null }) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const transfers = Object.values(useTransferStore((s) => s.transfers)).filter(
    (one) => one.db === db && (dirId === undefined || one.dirId === dirId),
  );
  if (transfers.length === 0) return null;
  return (
    <Box component="section" aria-label={t('disk.transfers.title')} sx={{ my: 1 }}>
      <Typography variant="subtitle2">{t('disk.transfers.title')}</Typography>
      <List dense>
        {transfers.map((one) => {
          const percent = one.total > 0 ? Math.floor((one.sent / one.total) * 100) : 0;
          const reason = one.error ? describeError(one.error).reason : null;
          const state =
            one.state === 'sending'
              ? t('disk.transfers.sending', { percent })
              : one.state === 'waiting'
                ? t('disk.transfers.waiting')
                : [t('disk.transfers.failed'), reason ? detail(reason) : ''].filter(Boolean).join(': ');
          return (
            <ListItem
              key={one.id}
              data-transfer={one.state}
              secondaryAction={
                one.state !== 'sending' && (
                  <IconButton
                    aria-label={t('disk.transfers.cancel', { name: one.name })}
                    onClick={() => void cancelTransfer(one.id)}
                  >
                    <CloseIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={one.name}
                secondary={state}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              {one.state === 'sending' && (
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  aria-label={one.name}
                  sx={{ position: 'absolute', left: 16, right: 16, bottom: 2 }}
                />
              )}
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
