import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import { hasOneAdministrator, type Membership, type Plan } from '../../../domain/groups.ts';
import { listMemberships } from '../api/list-memberships.ts';
import { DeleteMembershipDialog } from './delete-membership-dialog.tsx';
import { MemberFlags, MemberName } from './membership-parts.tsx';

/** The permissions column, from small tablets up; phones show the flags in the member cell. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

export interface MembershipScreenProps {
  accountId: string;
  /** Only administrators see new, edit and delete (spec 000 §6). */
  admin: boolean;
  /** Inviting needs a confirmed e-mail. */
  confirmed: boolean;
  /** The group's confirmed plan: a free group says it has one administrator. */
  plan: Plan | null;
}

/** The group's memberships (memberships#index). */
export function MembershipsPage({ accountId, admin, confirmed, plan }: MembershipScreenProps) {
  const { t } = useTranslation();
  const [memberships, setMemberships] = useState<Membership[] | null>(null);
  const [error, setError] = useErrorState();
  const [deleting, setDeleting] = useState<Membership | null>(null);
  const base = `/account/${accountId}/memberships`;

  const refresh = useCallback(async () => {
    try {
      setMemberships(await listMemberships(accountId));
    } catch (caught) {
      setError(caught);
    }
  }, [accountId, setError]);
  useEffect(() => {
    let live = true;
    listMemberships(accountId).then(
      (found) => live && setMemberships(found),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [accountId, setError]);

  const newButton = (
    <Button component={RouterLink} to={`${base}/new`} variant="contained" startIcon={<AddIcon />} disabled={!confirmed}>
      {t('memberships.new')}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h1">
          {t('memberships.title')}
        </Typography>
        {admin && (
          <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
            {confirmed ? (
              newButton
            ) : (
              <Tooltip title={t('memberships.confirmToInvite')}>
                <span>{newButton}</span>
              </Tooltip>
            )}
            {!confirmed && (
              <Typography variant="caption" color="text.secondary">
                {t('memberships.confirmToInvite')}
              </Typography>
            )}
          </Stack>
        )}
      </Stack>
      {/* Said before anyone tries, not only as the refusal of a second administrator (spec 000 §6). */}
      {admin && hasOneAdministrator(plan) && <Alert severity="info">{t('memberships.oneAdminInFree')}</Alert>}
      <ErrorBox error={error} onClose={() => setError(null)} />
      {memberships?.length === 0 && <EmptyState title={t('memberships.empty')} />}
      {memberships && memberships.length > 0 && (
        <Card variant="outlined">
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('memberships.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('memberships.member')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{t('memberships.permissions')}</TableCell>
                  <TableCell align="right">{t('memberships.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {memberships.map((membership) => {
                  const name = membership.user?.fullname || membership.user?.email || membership.email || '';
                  return (
                    <TableRow key={membership._id}>
                      <TableCell>
                        <MemberName membership={membership} />
                        {/* Phones: the flags under the name, so the e-mail keeps the width it needs. */}
                        <Box sx={{ display: { sm: 'none' }, mt: 0.5 }}>
                          <MemberFlags membership={membership} />
                        </Box>
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>
                        <MemberFlags membership={membership} />
                      </TableCell>
                      <TableCell align="right">
                        <Stack
                          direction={{ xs: 'column', md: 'row' }}
                          spacing={0.5}
                          sx={{ alignItems: { xs: 'flex-end', md: 'center' }, justifyContent: 'flex-end' }}
                        >
                          <Button
                            size="small"
                            component={RouterLink}
                            to={`${base}/${membership._id}`}
                            aria-label={t('memberships.showNamed', { name })}
                          >
                            {t('actions.show')}
                          </Button>
                          {admin && (
                            <Button
                              size="small"
                              component={RouterLink}
                              to={`${base}/${membership._id}/edit`}
                              aria-label={t('memberships.editNamed', { name })}
                            >
                              {t('actions.edit')}
                            </Button>
                          )}
                          {admin && (
                            <Button
                              size="small"
                              color="error"
                              aria-label={t('memberships.deleteNamed', { name })}
                              onClick={() => setDeleting(membership)}
                            >
                              {t('actions.delete')}
                            </Button>
                          )}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <Box>
        <Button onClick={() => void refresh()}>{t('actions.refresh')}</Button>
      </Box>
      <DeleteMembershipDialog
        accountId={accountId}
        membership={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          void refresh();
        }}
      />
    </Stack>
  );
}
