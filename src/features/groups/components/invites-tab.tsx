import { Alert, Button, Card, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { Membership } from '../../../domain/groups.ts';
import { acceptInvite } from '../api/accept-invite.ts';
import { listInvites } from '../api/list-invites.ts';

interface InvitesTabProps {
  /** Accepting needs a confirmed e-mail (spec 000 §4). */
  confirmed: boolean;
  /** Reloads the session (roles change) and opens the group. */
  onAccepted: (accountId: string) => Promise<void>;
}

/** Profile → invites: pending memberships for the user's confirmed e-mail, each with an accept action. */
export function InvitesTab({ confirmed, onAccepted }: InvitesTabProps) {
  const { t } = useTranslation();
  const [invites, setInvites] = useState<Membership[] | null>(null);
  const [error, setError] = useErrorState();
  const [accepting, setAccepting] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setInvites(await listInvites());
    } catch (caught) {
      setError(caught);
    }
  }, [setError]);
  useEffect(() => {
    let live = true;
    listInvites().then(
      (found) => live && setInvites(found),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [setError]);

  const accept = async (invite: Membership) => {
    setAccepting(invite._id);
    setError(null);
    try {
      const { db_name } = await acceptInvite(invite.db_name, invite._id);
      await onAccepted(db_name || invite.db_name);
    } catch (caught) {
      setError(caught);
    } finally {
      setAccepting(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {t('profile.invites.title')}
        </Typography>
        <Button onClick={() => void refresh()}>{t('actions.refresh')}</Button>
      </Stack>
      {/* The server lists invitations only for a confirmed address: an unverified one claims nothing. */}
      {!confirmed && <Alert severity="info">{t('profile.invites.confirmFirst')}</Alert>}
      <ErrorBox error={error} onClose={() => setError(null)} />
      {invites?.length === 0 && (
        <Card variant="outlined">
          <EmptyState title={t('profile.noInvites')} />
        </Card>
      )}
      {invites && invites.length > 0 && (
        <Card variant="outlined">
          <List disablePadding aria-label={t('profile.invites.title')}>
            {invites.map((invite) => {
              const name = invite.name || invite.db_name;
              return (
                <ListItem
                  key={invite._id}
                  divider
                  secondaryAction={
                    <span title={confirmed ? undefined : t('profile.invites.confirmFirst')}>
                      <Button
                        variant="contained"
                        size="small"
                        disabled={!confirmed || accepting !== null}
                        loading={accepting === invite._id}
                        aria-label={t('profile.invites.acceptNamed', { name })}
                        onClick={() => void accept(invite)}
                      >
                        {t('profile.invites.accept')}
                      </Button>
                    </span>
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={<span style={{ wordBreak: 'break-word' }}>{name}</span>}
                    secondary={t('profile.invites.invitedBy', { name: invite.created_by || '—' })}
                  />
                </ListItem>
              );
            })}
          </List>
        </Card>
      )}
    </Stack>
  );
}
