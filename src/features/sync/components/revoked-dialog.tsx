import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import { listFew } from '../../../data/records.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { exportUnsent, removeCopy, unsentChanges } from '../../../data/unsent.ts';

/** Saves text as a file the person keeps. */
function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The person lost access to a group (they left or were removed) while this device still held
 * changes not sent to it: they are offered as a file to keep, before the device's copy goes.
 */
export function RevokedDialog() {
  const { t } = useTranslation();
  const revoked = useSyncStore((s) => Object.keys(s.databases).find((name) => s.databases[name]!.revoked) ?? null);
  const [count, setCount] = useState(0);
  const [groupName, setGroupName] = useState('');
  const [saved, setSaved] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useErrorState();

  useEffect(() => {
    if (!revoked) return;
    void unsentChanges(revoked).then((changes) => setCount(changes.length));
    void listFew<{ _id: string; value?: unknown }>(revoked, 'Adjustment', { key: 'name' }).then(
      ([setting]) => setGroupName(typeof setting?.value === 'string' ? setting.value : ''),
      () => setGroupName(''),
    );
  }, [revoked]);

  if (!revoked) return null;
  const save = async () => {
    try {
      const day = new Date().toISOString().slice(0, 10);
      download(
        `moneta-unsent-${(groupName || revoked).replace(/[^\w-]+/g, '-')}-${day}.json`,
        await exportUnsent(revoked),
      );
      setSaved(true);
    } catch (caught) {
      setError(caught);
    }
  };
  const remove = async () => {
    setRemoving(true);
    try {
      await removeCopy(revoked);
    } catch (caught) {
      setError(caught);
    } finally {
      setRemoving(false);
      setSaved(false);
    }
  };
  return (
    <Dialog open fullWidth maxWidth="xs" aria-labelledby="revoked-title">
      <DialogTitle id="revoked-title">{t('sync.revokedTitle', { name: groupName || t('sync.thisGroup') })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('sync.revokedBody', { count })}</DialogContentText>
        <ErrorBox error={error} onClose={() => setError(null)} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color={saved ? 'primary' : 'error'} loading={removing} onClick={() => void remove()}>
          {saved ? t('sync.removeCopy') : t('sync.removeWithoutSaving')}
        </Button>
        <Button variant="contained" onClick={() => void save()}>
          {t('sync.saveChanges', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
