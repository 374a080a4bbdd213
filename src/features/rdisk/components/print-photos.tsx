// Photos on a record's printed page (a ticket's receipt, issue 31): the person ticks which of the
// record's photos go on paper. They print from what the device holds, so a receipt prints offline:
// the photo itself when it is kept "available offline", else the thumbnail kept on its record; a
// photo with neither is left out, and the screen says so (the paper is the customer's).
import { Alert, Box, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenOnly } from '../../../components/print-sheet.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { currentThumbnail, isPictureFile } from '../../../domain/modules/rdisk/records.ts';
import { folderAtPath, folderListing } from '../../../domain/modules/rdisk/tree.ts';
import { type DiskFile, readFiles } from '../api/files.ts';
import { keptCurrentContent } from '../api/offline-copies.ts';

const isPhoto = (file: DiskFile) => isPictureFile(file) || currentThumbnail(file) !== null;

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(blob);
  });
}

/** What the device can print of the photo: its kept bytes, its thumbnail, or nothing. */
async function printable(db: string, file: DiskFile): Promise<string | null> {
  const kept = await keptCurrentContent(db, file).catch(() => null);
  if (kept && kept.type.startsWith('image/')) return dataUrl(kept);
  return currentThumbnail(file);
}

export function PrintPhotos({ env, folder }: { env: ResourceEnv; folder: readonly string[] }) {
  const { t } = useTranslation();
  const db = env.accountId;
  const load = useCallback(() => readFiles(db), [db]);
  const { value: records } = useReplicaQuery(db, load);
  const dirId = records ? folderAtPath(records, folder) : null;
  const photos = records && dirId ? (folderListing(records, dirId).files as DiskFile[]).filter(isPhoto) : [];
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // By file and content: a new version is looked up again.
  const [sources, setSources] = useState<ReadonlyMap<string, string | null>>(new Map());

  const wanted = photos.filter((file) => chosen.has(file._id));
  const keyOf = (file: DiskFile) => `${file._id}/${file.versions?.[0]?.hash ?? ''}`;
  const unknown = wanted.filter((file) => !sources.has(keyOf(file)));
  useEffect(() => {
    if (unknown.length === 0) return;
    let current = true;
    void Promise.all(unknown.map(async (file) => [keyOf(file), await printable(db, file)] as const)).then((found) => {
      if (current) setSources((before) => new Map([...before, ...found]));
    });
    return () => {
      current = false;
    };
    // The files still to look up, by key: a new list of the same files is not a new lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, unknown.map(keyOf).join(' ')]);

  if (photos.length === 0) return null;
  const shown = wanted.filter((file) => sources.get(keyOf(file)));
  const missing = wanted.filter((file) => sources.has(keyOf(file)) && !sources.get(keyOf(file)));

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
            {photos.map((file) => (
              <FormControlLabel
                key={file._id}
                sx={{ minWidth: 0, maxWidth: '100%', '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                control={
                  <Checkbox
                    name={file.name}
                    checked={chosen.has(file._id)}
                    onChange={(event) =>
                      setChosen((before) => {
                        const next = new Set(before);
                        if (event.target.checked) next.add(file._id);
                        else next.delete(file._id);
                        return next;
                      })
                    }
                  />
                }
                label={file.name}
              />
            ))}
          </Stack>
          {missing.map((file) => (
            <Alert key={file._id} severity="warning" sx={{ mt: 1 }}>
              {t('disk.photos.print.missing', { name: file.name })}
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
            {shown.map((file) => (
              <Box component="li" key={file._id} sx={{ minWidth: 0, breakInside: 'avoid' }}>
                <Box component="figure" sx={{ m: 0 }}>
                  {/* Sized for paper: a third of the width, never taller than 60 mm. */}
                  <Box
                    component="img"
                    src={sources.get(keyOf(file)) ?? undefined}
                    alt={file.name}
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
                    {file.name}
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
