import {
  Alert,
  Button,
  Checkbox,
  Link,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { changeStatus, receiptBlocksDone } from '../../../domain/modules/ticket/ticket-edits.ts';
import { isReopen, statusHelpKey, type TicketStatus } from '../../../domain/modules/ticket/tickets.ts';
import { updateTicket } from '../api/update-ticket.ts';

interface StatusChangeDialogProps {
  ticket: PouchDoc;
  env: ResourceEnv;
  from: TicketStatus;
  to: TicketStatus;
  onClose: () => void;
}

/**
 * Confirms a status change, says what a closing status means (spec 001 §4), and offers to take
 * the ticket on at the same time. Saved to the replica, so it shows in the ticket's timeline.
 */
export function StatusChangeDialog({ ticket, env, from, to, onClose }: StatusChangeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [assign, setAssign] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useErrorState();
  const reopen = isReopen(from, to);
  const help = reopen ? 'tickets.help.reopen' : statusHelpKey(to);
  const status = (value: TicketStatus) => t(`records.tickets.options.status.${value}`);
  const alreadyMine = ticket.technical_id === env.userId;
  // A contract receipt the group requires comes before done: signed on screen, or on paper.
  const receiptFirst = to === 'done' && receiptBlocksDone(ticket, env.settings);
  const [signedOnPaper, setSignedOnPaper] = useState(false);

  const confirm = async () => {
    setSaving(true);
    setError(null);
    try {
      await updateTicket(env, ticket._id, (current) =>
        changeStatus(current, to, assign && !alreadyMine ? env.userId : null, { signedOnPaper }),
      );
      onClose();
    } catch (caught) {
      setError(caught);
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {reopen ? t('tickets.status.reopenTitle') : t('tickets.status.confirmTitle', { status: status(to) })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <ErrorBox error={error} onClose={() => setError(null)} />
          <DialogContentText>{t('tickets.status.fromTo', { from: status(from), to: status(to) })}</DialogContentText>
          {help && <DialogContentText data-status-help={to}>{t(help)}</DialogContentText>}
          {receiptFirst && (
            <Alert severity="warning" data-receipt-first>
              {t('tickets.status.receiptFirst')}{' '}
              <Link component={RouterLink} to={`/account/${env.accountId}/tickets/${ticket._id}/receipt/contract`}>
                {t('tickets.status.signOnScreen')}
              </Link>
            </Alert>
          )}
          {receiptFirst && (
            <FormControlLabel
              control={
                <Checkbox
                  name="contract_receipt_on_paper"
                  checked={signedOnPaper}
                  onChange={(event) => setSignedOnPaper(event.target.checked)}
                />
              }
              label={t('tickets.status.signedOnPaper')}
            />
          )}
          {!alreadyMine && (
            <FormControlLabel
              control={<Checkbox checked={assign} onChange={(event) => setAssign(event.target.checked)} />}
              label={t('tickets.status.assignToMe')}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={saving || (receiptFirst && !signedOnPaper)}
        >
          {reopen ? t('tickets.status.reopen') : t('tickets.status.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
