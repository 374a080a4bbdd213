import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useForm } from '../../../components/use-form-errors.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { validateProfileUpdate } from '../../../domain/account-forms.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { updateProfile } from '../api/update-user.ts';
import { loadSession } from '../load-session.ts';
import { EditPasswordDialog } from './edit-password-dialog.tsx';
import { NewsletterCard } from './newsletter-card.tsx';
import { FormField } from '../../../components/form-field.tsx';

const FIELDS = ['fullname', 'unconfirmed_email', 'current_password'] as const;

// A notice is kept as a translation key, so it follows a language switch made after it appeared.
interface Notice {
  key: string;
  vars?: Record<string, string>;
}

function EditProfileForm({ user, onSaved }: { user: PublicUser; onSaved: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const form = useForm(FIELDS);
  const onSubmit = form.submit(
    async (values) => {
      const email = (values.unconfirmed_email ?? '').trim();
      // Re-sending the current or pending address would only mail a needless confirmation.
      const emailChanged = email !== user.email && email !== user.unconfirmed_email;
      await updateProfile(user, {
        fullname: (values.fullname ?? '').trim(),
        current_password: values.current_password ?? '',
        ...(emailChanged ? { unconfirmed_email: email } : {}),
      });
      await loadSession();
      onSaved(emailChanged ? { key: 'profile.emailPending', vars: { email } } : { key: 'profile.saved' });
    },
    (values) => validateProfileUpdate(values),
  );

  return (
    // Keyed by revision: after a save the inputs start again from the stored values.
    <Stack key={user._rev} component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography variant="h6" component="h2">
        {t('profile.editTitle')}
      </Typography>
      <ErrorBox error={form.error} onClose={form.clearError} />
      <FormField
        name="fullname"
        fieldProps={form.fieldProps}
        label={t('fields.fullname')}
        autoComplete="name"
        defaultValue={user.fullname}
      />
      <FormField
        name="unconfirmed_email"
        fieldProps={form.fieldProps}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        defaultValue={user.unconfirmed_email ?? user.email ?? ''}
      />
      <FormField
        name="current_password"
        fieldProps={form.fieldProps}
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
      />
      <Box>
        <Button type="submit" variant="contained" loading={form.pending}>
          {t('profile.save')}
        </Button>
      </Box>
    </Stack>
  );
}

export function ProfileTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}>
      <Card variant="outlined" sx={{ minWidth: { md: 300 } }}>
        <CardContent>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <UserAvatar user={user} size={200} />
            <Typography variant="h6" component="p">
              {user.fullname || user.label}
            </Typography>
            {user.email && <Typography color="text.secondary">{user.email}</Typography>}
            {user.unconfirmed_email && (
              <Chip
                color="warning"
                variant="outlined"
                label={t('profile.pendingEmail', { email: user.unconfirmed_email })}
                sx={{ maxWidth: '100%' }}
              />
            )}
            <Button variant="outlined" onClick={() => setPasswordOpen(true)}>
              {t('profile.editPassword')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Stack spacing={3} sx={{ flex: 1 }}>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              {notice && (
                <Alert severity="success" role="status" onClose={() => setNotice(null)}>
                  {t(notice.key, notice.vars ?? {})}
                </Alert>
              )}
              <EditProfileForm user={user} onSaved={setNotice} />
            </Stack>
          </CardContent>
        </Card>
        {/* The new revision is read back, so the profile form's next save is not refused as a conflict. */}
        <NewsletterCard user={user} onSaved={() => void loadSession()} />
      </Stack>
      <EditPasswordDialog
        user={user}
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        onSaved={() => {
          setPasswordOpen(false);
          setNotice({ key: 'profile.passwordChanged' });
        }}
      />
    </Stack>
  );
}
