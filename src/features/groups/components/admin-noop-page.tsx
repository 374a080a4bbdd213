import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/error-page.tsx';
import { canSeeReports } from '../../../domain/groups.ts';

/**
 * `adminnoop` (spec 000 §2): the placeholder standing for reports and backups, registered only
 * outside production builds. Administrators and members with `report_view` reach it; `flags` are
 * the user's membership in the group, null while not known.
 */
export function AdminNoopPage({ flags }: { flags: Readonly<Record<string, unknown>> | null }) {
  const { t } = useTranslation();
  if (!canSeeReports(flags)) return <ErrorPage code="forbidden" />;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('placeholders.adminnoopTitle')}
      </Typography>
      <Typography color="text.secondary">{t('placeholders.adminnoopText')}</Typography>
    </Stack>
  );
}
