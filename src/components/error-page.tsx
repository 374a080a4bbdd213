import { Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from './use-error-text.ts';

export const ERROR_PAGE_CODES = [
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'unprocessable_entity',
  'internal_server_error',
  'connection_error',
  'not_on_device',
] as const;

export function ErrorPage({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const { title } = useErrorText();
  const known = (ERROR_PAGE_CODES as readonly string[]).includes(code) ? code : 'undefined_error';
  const descriptionKey = `errorPages.${known}`;
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: { xs: 2, sm: 6 }, textAlign: 'center' }}>
      <CardContent sx={{ p: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title(known)}
        </Typography>
        {i18n.exists(descriptionKey) && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t(descriptionKey)}
          </Typography>
        )}
        <Button component={Link} to="/" variant="contained">
          {t('actions.goHome')}
        </Button>
      </CardContent>
    </Card>
  );
}
