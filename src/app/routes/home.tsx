import AddIcon from '@mui/icons-material/Add';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSessionStore } from '../../features/accounts/session-store';

// Until groups exist (next issue) home only welcomes the user and points to group creation.
export default function HomeRoute() {
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
