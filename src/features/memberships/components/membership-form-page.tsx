import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorText } from '../../../components/use-error-text.ts';
import { type FormValues, useForm } from '../../../components/use-form-errors.ts';
import { FIELD_MESSAGES, FieldErrors } from '../../../domain/errors.ts';
import {
  GROUP_MESSAGES,
  hasOneAdministrator,
  type Membership,
  type MembershipFlags,
  type Plan,
} from '../../../domain/groups.ts';
import { inviteMember } from '../api/invite-member.ts';
import { updateMembership } from '../api/update-membership.ts';
import { useMembership } from '../use-membership.ts';
import { FLAGS, MemberName } from './membership-parts.tsx';
import { FormField } from '../../../components/form-field.tsx';

const FIELDS = ['email', ...FLAGS] as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function flagsOf(values: FormValues): MembershipFlags {
  return { editor: values.editor === 'on', admin: values.admin === 'on', report_view: values.report_view === 'on' };
}

function validateInvite(values: FormValues): FieldErrors {
  const errors = new FieldErrors();
  const email = (values.email ?? '').trim();
  if (!email) errors.add('email', FIELD_MESSAGES.blank);
  else if (!EMAIL_PATTERN.test(email)) errors.add('email', FIELD_MESSAGES.invalid);
  return errors;
}

interface FormProps {
  accountId: string;
  /** Editing when given; inviting otherwise. */
  membership: Membership | null;
  plan: Plan | null;
}

const ONE_ADMIN_NOTICE_ID = 'one-admin-notice';

function MembershipForm({ accountId, membership, plan }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm(FIELDS);
  const list = `/account/${accountId}/memberships`;
  // A free group's creator is its administrator, so nobody else can become one; one who already
  // is (the group was Pro before) can still be made a member.
  const adminLocked = hasOneAdministrator(plan) && !membership?.admin;
  const onSubmit = form.submit(
    async (values) => {
      if (membership) {
        await updateMembership(accountId, membership, flagsOf(values));
        await navigate(`${list}/${membership._id}`);
      } else {
        await inviteMember(accountId, { email: (values.email ?? '').trim(), ...flagsOf(values) });
        await navigate(list);
      }
    },
    membership ? undefined : validateInvite,
  );
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <ErrorBox error={form.error} onClose={form.clearError} />
      {membership ? (
        <MemberName membership={membership} />
      ) : (
        <FormField
          name="email"
          fieldProps={form.fieldProps}
          label={t('fields.email')}
          type="email"
          required
          autoFocus
        />
      )}
      <Stack>
        {FLAGS.map((flag) => {
          const locked = flag === 'admin' && adminLocked;
          return (
            <Box key={flag}>
              <FormControlLabel
                control={
                  <Checkbox
                    name={flag}
                    defaultChecked={membership ? membership[flag] : flag === 'editor'}
                    disabled={locked}
                    slotProps={{ input: { 'aria-describedby': locked ? ONE_ADMIN_NOTICE_ID : undefined } }}
                  />
                }
                label={t(`memberships.flags.${flag}`)}
              />
              {locked && (
                <FormHelperText id={ONE_ADMIN_NOTICE_ID} sx={{ mt: -0.5, mb: 1 }}>
                  {t('memberships.oneAdminInFree')}
                </FormHelperText>
              )}
            </Box>
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={form.pending}>
          {membership ? t('actions.save') : t('memberships.invite')}
        </Button>
        <Button component={RouterLink} to={list}>
          {t('actions.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

function FormFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** memberships#new: invite by e-mail with the editor, admin and report_view flags. */
export function NewMembershipPage({
  accountId,
  confirmed,
  plan,
}: {
  accountId: string;
  confirmed: boolean;
  plan: Plan | null;
}) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  return (
    <FormFrame title={t('memberships.new')}>
      {confirmed ? (
        <MembershipForm accountId={accountId} membership={null} plan={plan} />
      ) : (
        <Box>
          <Typography color="text.secondary">{detail(GROUP_MESSAGES.needsConfirmedEmail)}</Typography>
        </Box>
      )}
    </FormFrame>
  );
}

/** memberships#edit: the flags of one membership. */
export function EditMembershipPage({
  accountId,
  membershipId,
  plan,
}: {
  accountId: string;
  membershipId: string;
  plan: Plan | null;
}) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const { membership, error, setError } = useMembership(accountId, membershipId);
  return (
    <FormFrame title={t('memberships.edit')}>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {membership === undefined && !error && <Skeleton variant="rounded" height={120} />}
      {membership === null && <EmptyState title={detail(GROUP_MESSAGES.membershipNotFound)} />}
      {membership && <MembershipForm key={membership._rev} accountId={accountId} membership={membership} plan={plan} />}
    </FormFrame>
  );
}
