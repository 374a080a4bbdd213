import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import { useRecordName } from '../../../components/use-record-name.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { readRecords } from '../../../data/record-list.ts';
import { discardRefusedChange, type UnsentChange, unsentChanges } from '../../../data/unsent.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { databaseKind } from '../../../domain/ids.ts';
import { recordPath } from '../../../domain/recent-changes.ts';
import { useRefusalText } from './refusal-text.ts';

interface SyncPanelProps {
  open: boolean;
  onClose: () => void;
  /** The status lines the navbar shows: online or not, pending, last sync. */
  lines: readonly string[];
}

type Refused = UnsentChange & { db: string };

/**
 * The state of sync, and each change the server refused: which record, the server's reason in
 * the person's language, and what can be done: open the record to fix it, or discard that one
 * change (the record goes back to what the server has).
 */
export function SyncPanel({ open, onClose, lines }: SyncPanelProps) {
  const { t } = useTranslation();
  const databases = useSyncStore((s) => s.databases);
  const online = useSyncStore((s) => s.online);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [error, setError] = useErrorState();
  const [busy, setBusy] = useState<string | null>(null);
  const withRefusals = Object.entries(databases)
    .filter(([, state]) => state.refused > 0)
    .map(([name]) => name);
  const key = withRefusals.map((name) => `${name}:${databases[name]!.refused}`).join(',');

  useEffect(() => {
    if (!open) return;
    let live = true;
    Promise.all(
      withRefusals.map(async (db) =>
        (await unsentChanges(db)).filter((c) => c.refusal !== null).map((c) => ({ ...c, db })),
      ),
    ).then(
      (lists) => live && setRefused(lists.flat()),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
    // `key` stands for the databases and their counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, key, setError]);

  const discard = async (change: Refused) => {
    setBusy(change.id);
    setError(null);
    try {
      await discardRefusedChange(change.db, change.id);
      setRefused((list) => list.filter((c) => c.id !== change.id));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sync-title">
      <DialogTitle id="sync-title">{t('sync.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <div>
            {lines.map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
          </div>
          <ErrorBox error={error} onClose={() => setError(null)} />
          <ConflictList />
          {refused.length > 0 && (
            <>
              <Alert severity="error">
                {t('sync.refused', { count: refused.length })}. {t('sync.refusedHelp')}
              </Alert>
              <List disablePadding aria-label={t('sync.refusedTitle')}>
                {refused.map((change) => (
                  <RefusedItem
                    key={`${change.db}:${change.id}`}
                    change={change}
                    busy={busy === change.id}
                    canDiscard={online && busy === null}
                    onDiscard={() => void discard(change)}
                  />
                ))}
              </List>
              {!online && <Typography variant="body2">{t('sync.discardNeedsConnection')}</Typography>}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function RefusedItem({
  change,
  busy,
  canDiscard,
  onDiscard,
}: {
  change: Refused;
  busy: boolean;
  canDiscard: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const name = useRecordName()(change.doc, change.id);
  const reason = useRefusalText()(change.refusal!.reason, change.doc?.klass);
  const klass = typeof change.doc?.klass === 'string' ? t(`klasses.${change.doc.klass}`, change.doc.klass) : '';
  const path =
    databaseKind(change.db) === 'group' && change.doc && !change.doc._deleted
      ? recordPath(change.db, { id: change.id, doc: change.doc })
      : null;
  return (
    <ListItem divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={
          <>
            {klass && `${klass}: `}
            {path ? (
              <Link component={RouterLink} to={path}>
                {name}
              </Link>
            ) : (
              name
            )}
          </>
        }
        secondary={reason}
        sx={{ minWidth: 200 }}
      />
      <Button size="small" color="error" disabled={!canDiscard} loading={busy} onClick={onDiscard}>
        {t('sync.discard')}
      </Button>
    </ListItem>
  );
}

/** Records changed on two devices that wait for a person: each opens its page, where they choose. */
function ConflictList() {
  const { t } = useTranslation();
  const databases = useSyncStore((s) => s.databases);
  const name = useRecordName();
  const [docs, setDocs] = useState<Array<{ db: string; doc: PouchDoc }>>([]);
  const key = Object.entries(databases)
    .map(([db, state]) => `${db}:${state.conflicts.join(',')}`)
    .join(';');
  useEffect(() => {
    let live = true;
    const groups = Object.entries(databases).filter(
      ([db, state]) => state.conflicts.length > 0 && databaseKind(db) === 'group',
    );
    Promise.all(
      groups.map(async ([db, state]) => (await readRecords(db, state.conflicts)).map((doc) => ({ db, doc }))),
    ).then(
      (lists) => live && setDocs(lists.flat()),
      () => live && setDocs([]),
    );
    return () => {
      live = false;
    };
    // `key` stands for the databases and their conflicts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (docs.length === 0) return null;
  return (
    <>
      <Alert severity="warning">{t('sync.conflicts', { count: docs.length })}</Alert>
      <List disablePadding aria-label={t('sync.conflictsTitle')}>
        {docs.map(({ db, doc }) => {
          const path = recordPath(db, { id: doc._id, doc });
          const klass = typeof doc.klass === 'string' ? t(`klasses.${doc.klass}`, doc.klass) : '';
          return (
            <ListItem key={`${db}:${doc._id}`} divider disableGutters data-conflict-record={doc._id}>
              <ListItemText
                primary={
                  <>
                    {klass && `${klass}: `}
                    {path ? (
                      <Link component={RouterLink} to={path}>
                        {name(doc, doc._id)}
                      </Link>
                    ) : (
                      name(doc, doc._id)
                    )}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
