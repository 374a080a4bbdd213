import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceSpec } from '../../domain/records/schema.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { deleteRecord } from '../../data/resource-writes.ts';
import { ErrorBox } from '../error-box.tsx';
import { useErrorState } from '../use-error-state.ts';
import { type ResourceEnv, writeOptions } from './resource-env.ts';

interface DeleteRecordDialogProps {
  spec: ResourceSpec;
  env: ResourceEnv;
  record: PouchDoc | null;
  title: string;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteRecordDialog({ spec, env, record, title, onClose, onDeleted }: DeleteRecordDialogProps) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (!record?._rev) return;
    setPending(true);
    try {
      await deleteRecord(env.accountId, spec, { _id: record._id, _rev: record._rev }, writeOptions(env));
      onDeleted();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={record !== null} onClose={onClose} aria-labelledby="delete-record-title">
      <DialogTitle id="delete-record-title">{t('resource.deleteTitle', { name: title })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('resource.deleteText')}</DialogContentText>
        <ErrorBox error={error} onClose={() => setError(null)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={pending}>
          {t('actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
