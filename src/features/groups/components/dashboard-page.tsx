import { moduleOf } from '../../../domain/modules/index.ts';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { listRecentChanges } from '../api/list-recent-changes.ts';
import { useCurrentGroup } from '../group-store.ts';
import { FirstStepsCard } from './first-steps-card.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import { RecentChangesCard } from './recent-changes-card.tsx';

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

/** The module's cards, drawn by the page. */
type ModuleCards = (props: { accountId: string; refreshKey: number }) => ReactNode;

/** The group's dashboard: confirmation card, its module's cards, recent changes and system notifications. */
export function DashboardPage({
  unconfirmed,
  cards,
  notice,
}: {
  unconfirmed: boolean;
  cards?: ModuleCards;
  /** A notice above the cards (the free limit's deadline), composed by the app. */
  notice?: ReactNode;
}) {
  const group = useCurrentGroup();
  if (!group) return null;
  return (
    <GroupDashboard
      accountId={group.accountId}
      kind={group.account.kind}
      admin={group.account.admin}
      name={group.account.name || group.accountId}
      cards={cards}
      unconfirmed={unconfirmed}
      notice={notice}
    />
  );
}

interface GroupDashboardProps {
  accountId: string;
  kind: string | null;
  admin: boolean;
  name: string;
  cards?: ModuleCards;
  unconfirmed: boolean;
  notice?: ReactNode;
}

function GroupDashboard({ accountId, kind, admin, name, cards, unconfirmed, notice }: GroupDashboardProps) {
  const { t } = useTranslation();
  const [refreshKey, setRefreshKey] = useState(0);
  // Read again when the replica changes (sync, another tab) and when Refresh is pressed.
  const load = useCallback(
    () => listRecentChanges(accountId),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refreshKey asks for a new read
    [accountId, refreshKey],
  );
  const { value: changes, error, setError } = useReplicaQuery(accountId, load);
  const [changesRead, setChangesRead] = useState(false);
  if (!changesRead && (changes !== undefined || error)) setChangesRead(true);
  // The cards are drawn again only when their own props change: the page is drawn again whenever
  // the route's environment changes (the members, read once the first pull has ended).
  const closeError = useCallback(() => setError(null), [setError]);
  const refresh = () => {
    setError(null);
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
            {name}
          </Typography>
        </div>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
          {t('actions.refresh')}
        </Button>
      </Stack>
      {notice}
      {unconfirmed && <ConfirmAccountCard />}
      {cards?.({ accountId, refreshKey })}
      {moduleOf(kind)?.recentChanges !== false && (
        <RecentChangesCard
          accountId={accountId}
          changes={changes ?? (error ? [] : null)}
          error={error}
          onCloseError={closeError}
        />
      )}
      {/* Below what is already there, and only once the changes above were first read: drawn
          before, it would be pushed out of view by them (a new group's timeline is short, so it
          still sits near the top). */}
      {changesRead && <FirstStepsCard accountId={accountId} kind={kind} admin={admin} />}
      <NotificationsCard refreshKey={refreshKey} />
    </Stack>
  );
}
