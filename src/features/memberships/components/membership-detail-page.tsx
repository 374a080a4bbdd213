import { Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorText } from '../../../components/use-error-text.ts';
import { GROUP_MESSAGES } from '../../../domain/groups.ts';
import { useMembership } from '../use-membership.ts';
import { DeleteMembershipDialog } from './delete-membership-dialog.tsx';
import { FLAGS, MemberName } from './membership-parts.tsx';

interface MembershipDetailPageProps {
  accountId: string;
  membershipId: string;
  admin: boolean;
}

/** One membership (memberships#show and users/{id}): the member, flags, and the not-found state. */
export function MembershipDetailPage({ accountId, membershipId, admin }: MembershipDetailPageProps) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const navigate = useNavigate();
  const { membership, error, setError } = useMembership(accountId, membershipId);
  const [deleting, setDeleting] = useState(false);
  const list = `/account/${accountId}/memberships`;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t('memberships.detail')}
      </Typography>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {membership === undefined && !error && <Skeleton variant="rounded" height={160} />}
      {membership === null && (
        <Card variant="outlined">
          <EmptyState
            title={detail(GROUP_MESSAGES.membershipNotFound)}
            action={
              <Button component={RouterLink} to={list}>
                {t('memberships.backToList')}
              </Button>
            }
          />
        </Card>
      )}
      {membership && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <MemberName membership={membership} />
              <Stack component="dl" spacing={1} sx={{ m: 0 }}>
                {FLAGS.map((flag) => (
                  <Stack key={flag} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography component="dt" sx={{ minWidth: 160 }}>
                      {t(`memberships.flags.${flag}`)}
                    </Typography>
                    <Box component="dd" sx={{ m: 0 }}>
                      <Chip
                        size="small"
                        color={membership[flag] ? 'success' : 'default'}
                        label={membership[flag] ? t('memberships.yes') : t('memberships.no')}
                      />
                    </Box>
                  </Stack>
                ))}
              </Stack>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button component={RouterLink} to={list}>
                  {t('memberships.backToList')}
                </Button>
                {admin && (
                  <>
                    <Button component={RouterLink} to={`${list}/${membership._id}/edit`} variant="outlined">
                      {t('actions.edit')}
                    </Button>
                    <Button color="error" onClick={() => setDeleting(true)}>
                      {t('actions.delete')}
                    </Button>
                  </>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
      <DeleteMembershipDialog
        accountId={accountId}
        membership={deleting && membership ? membership : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(list)}
      />
    </Stack>
  );
}
