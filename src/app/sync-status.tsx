import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../components/use-error-text';
import { useFormatDay } from '../components/format-day';
import { useSyncStore } from '../data/sync-store';

/** Online or offline, changes waiting to be sent, the last successful sync, and sync errors. */
export function SyncStatus() {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const formatDay = useFormatDay();
  const online = useSyncStore((s) => s.online);
  const databases = useSyncStore((s) => s.databases);

  useEffect(() => {
    const update = () => useSyncStore.getState().setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const all = Object.values(databases);
  const pending = all.reduce((sum, db) => sum + db.pending, 0);
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
      : failed?.error
        ? t('sync.error', { reason: detail(failed.error.reason) })
        : syncing
          ? t('sync.syncing')
          : t('sync.online'),
    t('sync.pending', { count: pending }),
    last ? t('sync.lastSync', { time: formatDay(last) }) : t('sync.never'),
  ];
  const icon = !online ? <CloudOffIcon /> : failed ? <SyncProblemIcon /> : syncing ? <SyncIcon /> : <CloudDoneIcon />;
  return (
    <Tooltip title={lines.join(' · ')}>
      <IconButton
        color="inherit"
        aria-label={lines.join('. ')}
        data-sync-state={!online ? 'offline' : failed ? 'error' : 'online'}
      >
        <Badge badgeContent={pending} color="warning" max={99} data-pending={pending}>
          {icon}
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
