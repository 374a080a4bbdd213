import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { Badge, IconButton } from '@mui/material';
import { VisuallyHidden } from '../components/visually-hidden.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../components/use-error-text.ts';
import { useFormatDay } from '../components/format-day.ts';
import { useSyncStore } from '../data/sync-store.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { openedOnDemand } from '../components/on-demand.tsx';

const SyncPanel = openedOnDemand(() => import('../features/sync/components/sync-panel.tsx').then((m) => m.SyncPanel));

/**
 * Online or offline, changes waiting to be sent, changes the server refused, the last successful
 * sync and sync errors; opens the sync panel, where refused changes are fixed or discarded.
 */
export function SyncStatus() {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const formatDay = useFormatDay();
  const online = useSyncStore((s) => s.online);
  const databases = useSyncStore((s) => s.databases);
  // The server failed the session check (a deploy behind a proxy): the app stays open, as offline,
  // and says so here while the check is tried again. No answer at all is the offline case.
  const unchecked = useSessionStore((s) => Boolean(s.uncheckedStatus));

  useEffect(() => {
    const update = () => useSyncStore.getState().setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const [panelOpen, setPanelOpen] = useState(false);
  const all = Object.values(databases);
  const pending = all.reduce((sum, db) => sum + db.pending, 0);
  const refused = all.reduce((sum, db) => sum + db.refused, 0);
  const conflicts = all.reduce((sum, db) => sum + db.conflicts.length, 0);
  const failed = all.find((db) => db.state === 'error' && db.error);
  const syncing = all.some((db) => db.state === 'syncing');
  const last =
    all
      .map((db) => db.lastSyncAt ?? '')
      .sort()
      .at(-1) || null;

  const lines = [
    !online
      ? t('sync.offline')
      : unchecked
        ? t('sync.sessionUnchecked')
        : failed?.error
          ? t('sync.error', { reason: detail(failed.error.reason) })
          : syncing
            ? t('sync.syncing')
            : t('sync.online'),
    t('sync.pending', { count: pending }),
    ...(refused > 0 ? [t('sync.refused', { count: refused })] : []),
    ...(conflicts > 0 ? [t('sync.conflicts', { count: conflicts })] : []),
    last ? t('sync.lastSync', { time: formatDay(last) }) : t('sync.never'),
  ];
  const icon = !online ? (
    <CloudOffIcon />
  ) : unchecked || failed || refused > 0 || conflicts > 0 ? (
    <SyncProblemIcon />
  ) : syncing ? (
    <SyncIcon />
  ) : (
    <CloudDoneIcon />
  );
  return (
    <>
      {/* A native title rather than MUI's Tooltip: Popper would weigh on every group page. */}
      <IconButton
        color="inherit"
        title={lines.join(' · ')}
        aria-haspopup="dialog"
        // What it says is now's: a page kept for the next launch shows a blank in its place.
        data-not-kept=""
        data-sync-state={!online ? 'offline' : unchecked || failed ? 'error' : 'online'}
        // The databases this device has synced at least once: what tests wait on, not a fixed delay.
        data-synced={Object.keys(databases)
          .filter((name) => databases[name]!.lastSyncAt)
          .join(' ')}
        onClick={() => setPanelOpen(true)}
      >
        <Badge
          badgeContent={refused + conflicts > 0 ? refused + conflicts : pending}
          color={refused + conflicts > 0 ? 'error' : 'warning'}
          max={99}
          data-pending={pending}
          data-refused={refused}
          data-conflicts={conflicts}
          // The button's name says it in words; the number alone is not read out.
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <VisuallyHidden>{lines.join('. ')}</VisuallyHidden>
          {icon}
        </Badge>
      </IconButton>
      <SyncPanel open={panelOpen} onClose={() => setPanelOpen(false)} lines={lines} />
    </>
  );
}
