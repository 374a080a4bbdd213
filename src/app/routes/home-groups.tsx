// The home page of a signed-in person, apart from the public one: it reads their groups from
// the device's database, which visitors have no use for.
import AddIcon from '@mui/icons-material/Add';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../components/error-box.tsx';
import { redirectAfterSession } from '../../domain/groups.ts';
import { useSessionStore } from '../../features/accounts/session-store.ts';
import { GroupPicker } from '../../features/groups/components/group-picker.tsx';
import { useMyGroupsStore } from '../../features/groups/my-groups-store.ts';
import { PageSpinner } from '../page-spinner.tsx';

function Welcome() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const name = user?.short_name || user?.fullname || user?.label || '';
  return (
    <Card variant="outlined" sx={{ maxWidth: 640, mx: 'auto', my: { xs: 1, sm: 4 } }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {name ? t('home.welcomeNamed', { name }) : t('home.welcome')}
        </Typography>
        <Typography color="text.secondary">{t('home.selectOrCreate')}</Typography>
      </CardContent>
      <CardActions sx={{ px: { xs: 2.5, sm: 4 }, pb: 3 }}>
        <Button component={RouterLink} to="/account/new" variant="contained" startIcon={<AddIcon />}>
          {t('home.createGroup')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** Signed in: the person's groups, or an invitation to create the first. */
export default function HomeGroups() {
  const { t } = useTranslation();
  const memberships = useMyGroupsStore((s) => s.memberships);
  const error = useMyGroupsStore((s) => s.error);
  if (error && !memberships) return <ErrorBox error={error} />;
  if (!memberships) return <PageSpinner />;
  if (memberships.length === 0) return <Welcome />;
  const multiple = redirectAfterSession(memberships).to === 'home';
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('home.groupsTitle')}
      </Typography>
      <GroupPicker memberships={memberships} warn={multiple} />
    </>
  );
}
