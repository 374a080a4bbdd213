// The disk's help views (spec 001 §2: how to configure WebDAV, how to move files) and its bin.
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useFormatDateTime } from '../../../components/format-date.ts';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { binListing, isFolderRecord, restoredKind } from '../../../domain/modules/rdisk/tree.ts';
import { changeFile, type DiskFile } from '../api/files.ts';
import { ownEmail } from '../api/own-email.ts';

function useFullScreen() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/** One value to type into a client, selectable whole and copied with one tap. */
function Value({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography
          component="code"
          data-value={label}
          sx={{
            fontFamily: 'monospace',
            overflowWrap: 'anywhere',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            borderRadius: 1,
          }}
        >
          {value}
        </Typography>
        <Button
          size="small"
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t('disk.webdav.copied') : t('disk.webdav.copy')}
        </Button>
      </Stack>
    </Box>
  );
}

function WebDavHelp({ env }: { env: ResourceEnv }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Offline the e-mail is not known here: the words say what to type instead.
    ownEmail(env.userId).then(
      (found) => live && setEmail(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [env.userId]);
  const address = `${location.origin}/api/groups/${env.accountId}/dav/`;
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('disk.webdav.intro')}</Typography>
      <Value label={t('disk.webdav.address')} value={address} />
      <Value label={t('disk.webdav.user')} value={email ?? t('fields.email')} />
      <Typography variant="subtitle2" component="h3">
        {t('disk.webdav.password')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('disk.webdav.passwordText')}</Typography>
      <Button component={RouterLink} to="/user/profile?page=user_tokens" variant="outlined" sx={{ mb: 2 }}>
        {t('disk.webdav.makeToken')}
      </Button>
      <List dense>
        {(['windows', 'macos', 'linux', 'rclone', 'phones'] as const).map((client) => (
          <ListItem key={client} disableGutters>
            <ListItemText primary={t(`disk.webdav.${client}`)} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

function MoveHelp() {
  const { t } = useTranslation();
  return (
    <List>
      {(['app', 'offline', 'webdav', 'many'] as const).map((step) => (
        <ListItem key={step} disableGutters>
          <ListItemText primary={t(`disk.howto.${step}`)} />
        </ListItem>
      ))}
    </List>
  );
}

export function HelpDialog({
  env,
  topic,
  onClose,
}: {
  env: ResourceEnv;
  topic: 'webdav' | 'howto';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={useFullScreen()} aria-labelledby="disk-help">
      <DialogTitle id="disk-help">{topic === 'webdav' ? t('disk.webdav.title') : t('disk.howto.title')}</DialogTitle>
      <DialogContent>{topic === 'webdav' ? <WebDavHelp env={env} /> : <MoveHelp />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function BinDialog({
  env,
  records,
  onClose,
}: {
  env: ResourceEnv;
  records: readonly DiskFile[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const [error, setError] = useErrorState();
  const binned = binListing(records) as DiskFile[];
  const restore = (file: DiskFile) =>
    void changeFile(env, file._id, (doc) => ({ kind: restoredKind(doc.kind) })).catch(setError);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={useFullScreen()} aria-labelledby="disk-bin">
      <DialogTitle id="disk-bin">{t('disk.bin.title')}</DialogTitle>
      <DialogContent>
        <ErrorBox error={error} onClose={() => setError(null)} />
        {binned.length === 0 ? (
          <Typography color="text.secondary">{t('disk.bin.empty')}</Typography>
        ) : (
          <List>
            {binned.map((file) => (
              <ListItem
                key={file._id}
                data-file={file._id}
                secondaryAction={
                  <IconButton
                    aria-label={`${t('disk.restore')}: ${file.name}`}
                    onClick={() => restore(file)}
                    sx={{ minWidth: 44, minHeight: 44 }}
                  >
                    <RestoreIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={file.name}
                  secondary={[isFolderRecord(file) ? t('disk.folder') : '', formatDate(file.updated_at)]
                    .filter(Boolean)
                    .join(' · ')}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
