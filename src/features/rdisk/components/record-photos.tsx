// Photos and documents of a record, on its page (issue 31): taken with the phone's camera or
// chosen, made smaller on the device, kept on it until sent (offline too, across a reload), and
// stored as files of the disk in a folder per record (`Tickets/3-17`), made when the first file
// arrives, so the office reaches them over WebDAV as well.
import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PhotoIcon from '@mui/icons-material/PhotoOutlined';
import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { readFlag, writeFlag } from '../../../data/preferences.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { formatBytes } from '../../../domain/bytes.ts';
import { currentThumbnail, isPictureFile } from '../../../domain/modules/rdisk/records.ts';
import { folderAtPath, folderListing } from '../../../domain/modules/rdisk/tree.ts';
import { ensureFolderPath, readFiles } from '../api/files.ts';
import { makeThumbnail, resizePhoto } from '../resize-photo.ts';
import { sendWaiting, uploadFiles } from '../transfer-store.ts';
import { Transfers } from './transfers.tsx';

/**
 * "Keep full quality", kept on the device: who photographs documents to be read later asks it
 * once, and the data plan of everyone else is spared by default.
 */
const ORIGINAL_FLAG = 'disk-photo-original';

export function RecordPhotos({ env, folder }: { env: ResourceEnv; folder: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const db = env.accountId;
  const online = useSyncStore((s) => s.online);
  const [error, setError] = useErrorState();
  const fileInput = useRef<HTMLInputElement>(null);
  const [original, setOriginal] = useState(() => readFlag(ORIGINAL_FLAG));
  const load = useCallback(() => readFiles(db), [db]);
  const { value: records } = useReplicaQuery(db, load);
  const dirId = records ? folderAtPath(records, folder) : null;
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
    // The original when asked (the batch chosen with the switch on); its thumbnail is made all the same.
    const photos = original ? chosen : await Promise.all(chosen.map((file) => resizePhoto(file)));
    const thumbnails = await Promise.all(photos.map((photo) => makeThumbnail(photo)));
    await uploadFiles(db, photos, target, { keep: true, thumbnails });
    await sendWaiting(db);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="record-photos">
      <CardContent>
        <Typography id="record-photos" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('disk.photos.title')}
        </Typography>
        <ErrorBox error={error} onClose={() => setError(null)} />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="outlined" startIcon={<AddAPhotoIcon />} onClick={() => fileInput.current?.click()}>
            {t('disk.photos.add')}
          </Button>
          <FormControlLabel
            control={
              <Switch
                checked={original}
                onChange={(event) => {
                  setOriginal(event.target.checked);
                  writeFlag(ORIGINAL_FLAG, event.target.checked);
                }}
              />
            }
            label={t('disk.photos.original')}
          />
        </Stack>
        <input
          ref={fileInput}
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
        <Transfers db={db} dirId={dirId} />
        {files.length > 0 && (
          // Thumbnails kept on the records (made once, by the device that took the photo): the list
          // reads offline and downloads no image.
          <Box
            component="ul"
            aria-label={t('disk.photos.title')}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 1,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
              gap: 1,
            }}
          >
            {files.map((file) => {
              const thumbnail = currentThumbnail(file);
              return (
                <Box component="li" key={file._id} data-file={file._id} sx={{ minWidth: 0 }}>
                  <Box
                    sx={{
                      aspectRatio: '1',
                      borderRadius: 1,
                      overflow: 'hidden',
                      bgcolor: 'action.hover',
                      display: 'grid',
                      placeItems: 'center',
                    }}
                  >
                    {thumbnail ? (
                      <Box
                        component="img"
                        src={thumbnail}
                        alt={file.name}
                        loading="lazy"
                        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                      />
                    ) : isPictureFile(file) ? (
                      // Its thumbnail was lost on the way or not made yet: the device that took it
                      // sends it with its next try (transfer-store.ts), without the photo again.
                      <PhotoIcon
                        color="disabled"
                        fontSize="large"
                        titleAccess={t('disk.photos.placeholder', { name: file.name })}
                      />
                    ) : (
                      <FileIcon color="action" fontSize="large" />
                    )}
                  </Box>
                  <Typography variant="caption" component="p" noWrap title={file.name}>
                    {file.name}
                  </Typography>
                  <Typography variant="caption" component="p" color="text.secondary">
                    {formatBytes(file.size ?? 0, i18n.language)}
                  </Typography>
                </Box>
              );
            })}
          </Box>
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
