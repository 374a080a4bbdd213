// Photos on a record's printed page (a ticket's receipt, issue 31): the person ticks which of the
// record's photos go on paper. They print from what the device holds, so a receipt prints offline:
// the photo itself when it is kept "available offline", else the thumbnail kept on its record; a
// photo with neither is left out, and the screen says so (the paper is the customer's). Photos
// taken here and not sent yet are offered too, from the bytes waiting on the device: a receipt
// printed at the customer's, offline, shows the photos just taken.
import { Alert, Box, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenOnly } from '../../../components/print-sheet.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { arrivedUploads, currentThumbnail, isPictureFile } from '../../../domain/modules/rdisk/records.ts';
import { folderAtPath, folderListing } from '../../../domain/modules/rdisk/tree.ts';
import { type QueuedUpload, queuedUploads } from '../../../data/device-files.ts';
import { type DiskFile, readFiles } from '../api/files.ts';
import { keptCurrentContent } from '../api/offline-copies.ts';
import { useTransferStore } from '../transfer-store.ts';

const isPhoto = (file: DiskFile) => isPictureFile(file) || currentThumbnail(file) !== null;

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(blob);
  });
}

/** A photo the person may tick: a file of the record's folder, or one still waiting on the device. */
interface Printable {
  /** What a tick is kept by. */
  id: string;
  /** What its tick was kept by before: a photo sent while the chooser was open was ticked as waiting. */
  was: readonly string[];
  /** Changes with the content: a new version is looked up again. */
  key: string;
  name: string;
  /** What the device can print of it: bytes, a thumbnail, or nothing. */
  source: () => Promise<string | null>;
}

/** What the device can print of the photo: its kept bytes, its thumbnail, or nothing. */
async function printable(db: string, file: DiskFile): Promise<string | null> {
  const kept = await keptCurrentContent(db, file).catch(() => null);
  if (kept && kept.type.startsWith('image/')) return dataUrl(kept);
  return currentThumbnail(file);
}

const queuedId = (uploadId: string) => `queued/${uploadId}`;

/**
 * A file of the folder. Its bytes may still be in the device's queue (`waiting`, by the upload
 * keys its versions name): the page was left after the server stored the photo and before its
 * thumbnail reached the record, so the photo prints from those bytes meanwhile.
 */
function ofFile(db: string, file: DiskFile, waiting: readonly QueuedUpload[]): Printable {
  const uploads = arrivedUploads([file]);
  const left = waiting.find((upload) => uploads.has(upload.id));
  return {
    id: file._id,
    was: [...uploads].map(queuedId),
    // Looked up again when its thumbnail reaches the record (sync brings it after the file).
    key: `${file._id}/${file.versions?.[0]?.hash ?? ''}/${currentThumbnail(file) ? 'thumbnail' : left ? 'queued' : ''}`,
    name: file.name ?? '',
    source: async () => (await printable(db, file)) ?? (left ? dataUrl(left.blob) : null),
  };
}

/** A photo taken into the folder and not sent yet (a thumbnail left behind by a sent one has no picture bytes). */
const waitingPhoto = (dirId: string) => (upload: QueuedUpload) =>
  upload.meta.dirId === dirId && upload.blob.type.startsWith('image/');

const ofQueued = (upload: QueuedUpload): Printable => ({
  id: queuedId(upload.id),
  was: [],
  key: queuedId(upload.id),
  name: upload.meta.name ?? '',
  source: () => dataUrl(upload.blob),
});

/** The folder's photos still on the device, read again as uploads come and go. */
function useWaitingPhotos(db: string, dirId: string | null): QueuedUpload[] {
  const transfers = useTransferStore((s) => Object.keys(s.transfers).sort().join(' '));
  const [waiting, setWaiting] = useState<QueuedUpload[]>([]);
  useEffect(() => {
    if (!dirId) return;
    let current = true;
    void queuedUploads(db)
      .catch(() => [])
      .then((queued) => {
        if (current) setWaiting(queued.filter(waitingPhoto(dirId)));
      });
    return () => {
      current = false;
    };
  }, [db, dirId, transfers]);
  return dirId ? waiting : [];
}

export function PrintPhotos({ env, folder }: { env: ResourceEnv; folder: readonly string[] }) {
  const { t } = useTranslation();
  const db = env.accountId;
  const load = useCallback(() => readFiles(db), [db]);
  const { value: records } = useReplicaQuery(db, load);
  const dirId = records ? folderAtPath(records, folder) : null;
  const waiting = useWaitingPhotos(db, dirId);
  const photos = useMemo(() => {
    const files = records && dirId ? (folderListing(records, dirId).files as DiskFile[]) : [];
    // A photo the server has, whose place in the queue outlived its sending (the app closed
    // before the answer), is offered once: as the folder's file.
    const arrived = arrivedUploads(files);
    return [
      ...files.filter(isPhoto).map((file) => ofFile(db, file, waiting)),
      ...waiting.filter((upload) => !arrived.has(upload.id)).map(ofQueued),
    ];
  }, [db, records, dirId, waiting]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [sources, setSources] = useState<ReadonlyMap<string, string | null>>(new Map());

  const ticked = (photo: Printable) => [photo.id, ...photo.was].some((id) => chosen.has(id));
  const wanted = photos.filter(ticked);
  const unknown = wanted.filter((photo) => !sources.has(photo.key));
  useEffect(() => {
    if (unknown.length === 0) return;
    let current = true;
    void Promise.all(unknown.map(async (photo) => [photo.key, await photo.source().catch(() => null)] as const)).then(
      (found) => {
        if (current) setSources((before) => new Map([...before, ...found]));
      },
    );
    return () => {
      current = false;
    };
    // The photos still to look up, by key: a new list of the same photos is not a new lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, unknown.map((photo) => photo.key).join(' ')]);

  if (photos.length === 0) return null;
  const shown = wanted.filter((photo) => sources.get(photo.key));
  const missing = wanted.filter((photo) => sources.has(photo.key) && !sources.get(photo.key));

  return (
    <Box sx={{ mt: 3 }}>
      <ScreenOnly>
        <Box
          component="fieldset"
          sx={{ border: '1px dashed #999', borderRadius: 1, px: 2, pt: 0.5, pb: 1, m: 0, mb: 2, minWidth: 0 }}
        >
          <Typography component="legend" sx={{ px: 0.5, fontWeight: 600, fontSize: '0.95em' }}>
            {t('disk.photos.print.choose')}
          </Typography>
          <Typography sx={{ fontSize: '0.85em', color: 'text.secondary', mb: 0.5 }}>
            {t('disk.photos.print.hint')}
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {photos.map((photo) => (
              <FormControlLabel
                key={photo.id}
                sx={{ minWidth: 0, maxWidth: '100%', '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                control={
                  <Checkbox
                    name={photo.name}
                    checked={ticked(photo)}
                    onChange={(event) =>
                      setChosen((before) => {
                        const next = new Set(before);
                        if (event.target.checked) next.add(photo.id);
                        else for (const id of [photo.id, ...photo.was]) next.delete(id);
                        return next;
                      })
                    }
                  />
                }
                label={photo.name}
              />
            ))}
          </Stack>
          {missing.map((photo) => (
            <Alert key={photo.key} severity="warning" sx={{ mt: 1 }}>
              {t('disk.photos.print.missing', { name: photo.name })}
            </Alert>
          ))}
        </Box>
      </ScreenOnly>
      {shown.length > 0 && (
        <Box component="section" aria-labelledby="print-photos" sx={{ breakInside: 'avoid-page' }}>
          <Typography id="print-photos" component="h2" sx={{ fontWeight: 700, fontSize: '1.05em', mb: 1 }}>
            {t('disk.photos.print.title')}
          </Typography>
          <Box
            component="ul"
            aria-label={t('disk.photos.print.title')}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
              gap: 2,
              '@media print': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {shown.map((photo) => (
              <Box component="li" key={photo.key} sx={{ minWidth: 0, breakInside: 'avoid' }}>
                <Box component="figure" sx={{ m: 0 }}>
                  {/* Sized for paper: a third of the width, never taller than 60 mm. */}
                  <Box
                    component="img"
                    src={sources.get(photo.key) ?? undefined}
                    alt={photo.name}
                    sx={{
                      display: 'block',
                      width: '100%',
                      maxHeight: '60mm',
                      objectFit: 'contain',
                      border: '1px solid #ddd',
                    }}
                  />
                  <Typography
                    component="figcaption"
                    sx={{ fontSize: '0.8em', color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}
                  >
                    {photo.name}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
