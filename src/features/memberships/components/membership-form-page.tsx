import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorText } from '../../../components/use-error-text.ts';
import { type FormValues, useForm } from '../../../components/use-form-errors.ts';
import { FIELD_MESSAGES, FieldErrors } from '../../../domain/errors.ts';
import { GROUP_MESSAGES, type Membership, type MembershipFlags } from '../../../domain/groups.ts';
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
}

function MembershipForm({ accountId, membership }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm(FIELDS);
  const list = `/account/${accountId}/memberships`;
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
        {FLAGS.map((flag) => (
          <FormControlLabel
            key={flag}
            control={<Checkbox name={flag} defaultChecked={membership ? membership[flag] : flag === 'editor'} />}
            label={t(`memberships.flags.${flag}`)}
          />
        ))}
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
export function NewMembershipPage({ accountId, confirmed }: { accountId: string; confirmed: boolean }) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  return (
    <FormFrame title={t('memberships.new')}>
      {confirmed ? (
        <MembershipForm accountId={accountId} membership={null} />
      ) : (
        <Box>
          <Typography color="text.secondary">{detail(GROUP_MESSAGES.needsConfirmedEmail)}</Typography>
        </Box>
      )}
    </FormFrame>
  );
}

/** memberships#edit: the flags of one membership. */
export function EditMembershipPage({ accountId, membershipId }: { accountId: string; membershipId: string }) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const { membership, error, setError } = useMembership(accountId, membershipId);
  return (
    <FormFrame title={t('memberships.edit')}>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {membership === undefined && !error && <Skeleton variant="rounded" height={120} />}
      {membership === null && <EmptyState title={detail(GROUP_MESSAGES.membershipNotFound)} />}
      {membership && <MembershipForm key={membership._rev} accountId={accountId} membership={membership} />}
    </FormFrame>
  );
}
