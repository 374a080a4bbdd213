import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * The placeholders spec 000 §2 lists as public (`/noop`, `/account/{id}/noop`): a page that is
 * there and says so, for links that must land somewhere before their screen exists.
 */
export default function NoopRoute() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 2 }}>
      <Typography variant="h5" component="h1">
        {t('placeholders.noopTitle')}
      </Typography>
      <Typography color="text.secondary">{t('placeholders.noopText')}</Typography>
      <Button variant="outlined" component={RouterLink} to="/">
        {t('placeholders.home')}
      </Button>
    </Stack>
  );
}
