// The entries open on this device, like tabs (spec 001 §2 "open entries"): the current one
// selected, each closable, quick to switch between; kept per group in this browser.
import CloseIcon from '@mui/icons-material/Close';
import { Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeOpenEntry, readOpenEntries, type WikiState } from '../api/use-wiki.ts';

export function OpenEntries({ accountId, wiki, current }: { accountId: string; wiki: WikiState; current?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => readOpenEntries(accountId));
  const shown = open.flatMap((id) => wiki.byId.get(id) ?? []);
  if (shown.length === 0) return null;
  return (
    <Stack
      component="nav"
      aria-label={t('wiki.openEntries')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      {shown.map((entry) => (
        <Chip
          key={entry.id}
          label={`${entry.icon ? `${entry.icon} ` : ''}${entry.title}`}
          color={entry.id === current ? 'primary' : 'default'}
          variant={entry.id === current ? 'filled' : 'outlined'}
          onClick={() => void navigate(`/account/${accountId}/wiki/${entry.id}`)}
          onDelete={() => setOpen(closeOpenEntry(accountId, entry.id))}
          deleteIcon={<CloseIcon aria-label={t('wiki.close', { title: entry.title })} />}
        />
      ))}
    </Stack>
  );
}
