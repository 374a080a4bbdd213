// Photos and documents of a record, on its page (issue 31): taken with the phone's camera or
// chosen, made smaller on the device, kept on it until sent (offline too, across a reload), and
// stored as files of the disk in a folder per record (`Tickets/3-17`), made when the first file
// arrives, so the office reaches them over WebDAV as well.
import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import { Box, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { formatBytes } from '../../../domain/bytes.ts';
import { folderListing, pathTo } from '../../../domain/modules/rdisk/tree.ts';
import { ensureFolderPath, readFiles } from '../api/files.ts';
import { resizePhoto } from '../resize-photo.ts';
import { sendWaiting, uploadFiles } from '../transfer-store.ts';
import { Transfers } from './transfers.tsx';

/** The record's folder, if it exists yet: the live folder at `names` from the root. */
function folderAt(records: Awaited<ReturnType<typeof readFiles>>, names: readonly string[]) {
  let dirId: string | null = null;
  for (const name of names) {
    const next: string | undefined = folderListing(records, dirId).folders.find((doc) => doc.name === name)?._id;
    if (!next) return null;
    dirId = next;
  }
  return dirId && pathTo(records, dirId) ? dirId : null;
}

export function RecordPhotos({ env, folder }: { env: ResourceEnv; folder: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const db = env.accountId;
  const online = useSyncStore((s) => s.online);
  const [error, setError] = useErrorState();
  const load = useCallback(() => readFiles(db), [db]);
  const { value: records } = useReplicaQuery(db, load);
  const dirId = records ? folderAt(records, folder) : null;
  const files = records && dirId ? folderListing(records, dirId, 'date', true).files : [];

  // What waits on the device is sent when there is a network, and tried again after each sync:
  // the record's folder, made here, reaches the server with sync, not with the upload.
  const synced = useSyncStore((s) => s.databases[db]?.lastSyncAt ?? null);
  useEffect(() => {
    void sendWaiting(db);
  }, [db, online, synced]);

  const add = async (chosen: readonly File[]) => {
    setError(null);
    const target = await ensureFolderPath(env, folder);
    const photos = await Promise.all(chosen.map((file) => resizePhoto(file)));
    await uploadFiles(db, photos, target, { keep: true });
    await sendWaiting(db);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="record-photos">
      <CardContent>
        <Typography id="record-photos" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('disk.photos.title')}
        </Typography>
        <ErrorBox error={error} onClose={() => setError(null)} />
        <Button variant="outlined" component="label" startIcon={<AddAPhotoIcon />}>
          {t('disk.photos.add')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            hidden
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              event.target.value = '';
              if (chosen.length > 0) void add(chosen).catch(setError);
            }}
          />
        </Button>
        <Transfers db={db} dirId={dirId} />
        {files.length > 0 && (
          <List dense aria-label={t('disk.photos.title')}>
            {files.map((file) => (
              <ListItem key={file._id} disableGutters data-file={file._id}>
                <ListItemText
                  primary={file.name}
                  secondary={formatBytes(file.size ?? 0, i18n.language)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        {dirId && (
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to={`/account/${db}/disk/${dirId}`} size="small">
              {t('disk.photos.folder')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
