import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { Membership } from '../../../domain/groups.ts';
import { deleteMembership } from '../api/delete-membership.ts';

interface DeleteMembershipDialogProps {
  accountId: string;
  membership: Membership | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteMembershipDialog({ accountId, membership, onClose, onDeleted }: DeleteMembershipDialogProps) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const [pending, setPending] = useState(false);
  const name = membership ? membership.user?.fullname || membership.user?.email || membership.email || '' : '';
  const confirm = async () => {
    if (!membership) return;
    setPending(true);
    setError(null);
    try {
      await deleteMembership(accountId, membership);
      onDeleted();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Dialog
      open={membership !== null}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="delete-membership-title"
    >
      <DialogTitle id="delete-membership-title">{t('memberships.delete')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <ErrorBox error={error} onClose={() => setError(null)} />
          <DialogContentText>{t('memberships.confirmDelete', { name })}</DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('actions.cancel')}</Button>
        <Button color="error" variant="contained" loading={pending} onClick={() => void confirm()}>
          {t('actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
