import { Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Membership } from '../../../domain/groups.ts';

export const FLAGS = ['editor', 'admin', 'report_view'] as const;

/** The member's name and e-mail, or a pending badge with the invited e-mail (spec 000 §2). */
export function MemberName({ membership }: { membership: Membership }) {
  const { t } = useTranslation();
  if (membership.status === 'pending' || !membership.user) {
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" color="warning" label={t('memberships.pending')} />
        <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
          {membership.email}
        </Typography>
      </Stack>
    );
  }
  const { fullname, email, label } = membership.user;
  return (
    <div>
      <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {fullname || label || email}
      </Typography>
      {email && (fullname || label) && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
      )}
    </div>
  );
}

export function MemberFlags({ membership }: { membership: Membership }) {
  const { t } = useTranslation();
  const set = FLAGS.filter((flag) => membership[flag]);
  if (set.length === 0) return <Typography color="text.secondary">{t('memberships.noFlags')}</Typography>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {set.map((flag) => (
        <Chip key={flag} size="small" variant="outlined" label={t(`memberships.flags.${flag}`)} />
      ))}
    </Stack>
  );
}
