import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';

/**
 * A folder's name, proposed free in the folder (read once, when it opens: a name being typed is
 * not replaced by the list changing under it); the rules judge it on saving (one path segment).
 */
export function NewFolderDialog(props: {
  initial: string;
  onClose: () => void;
  onCreate: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useErrorState();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onCreate(name.trim()).catch(setError);
        }}
      >
        <DialogTitle>{t('disk.newFolder')}</DialogTitle>
        <DialogContent>
          <ErrorBox error={error} />
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('disk.folderName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={name.trim() === ''}>
            {t('disk.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
