import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorState } from '../../../components/use-error-state';
import type { ChangeRow } from '../../../domain/recent-changes';
import { listRecentChanges } from '../api/list-recent-changes';
import { useCurrentGroup } from '../group-store';
import { NotificationsCard } from './notifications-card';
import { RecentChangesCard } from './recent-changes-card';

function ConfirmAccountCard() {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ borderColor: 'warning.main' }}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <MarkEmailUnreadIcon color="warning" />
          <Typography variant="h6" component="h2">
            {t('dashboard.confirmTitle')}
          </Typography>
        </Stack>
        <Typography color="text.secondary">{t('dashboard.confirmText')}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to="/user/confirm/new" variant="outlined">
          {t('dashboard.confirmAction')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The group's dashboard: confirmation card, recent changes and system notifications. */
export function DashboardPage({ unconfirmed }: { unconfirmed: boolean }) {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const accountId = group?.accountId ?? null;
  const [changes, setChanges] = useState<ChangeRow[] | null>(null);
  const [error, setError] = useErrorState();
  const [refreshKey, setRefreshKey] = useState(0);

  useEffect(() => {
    if (!accountId) return;
    let live = true;
    listRecentChanges(accountId).then(
      (rows) => live && setChanges(rows),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [accountId, setError, refreshKey]);

  if (!group) return null;
  const refresh = () => {
    setError(null);
    setChanges(null);
    setRefreshKey((k) => k + 1);
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <div>
          <Typography variant="h5" component="h1">
            {t('dashboard.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {group.account.name || group.accountId}
          </Typography>
        </div>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
          {t('actions.refresh')}
        </Button>
      </Stack>
      {unconfirmed && <ConfirmAccountCard />}
      <RecentChangesCard
        accountId={group.accountId}
        changes={changes}
        error={error}
        onCloseError={() => setError(null)}
      />
      <NotificationsCard refreshKey={refreshKey} />
    </Stack>
  );
}
