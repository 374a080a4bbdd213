// Where the reader's items come from: every subscription, one label's, or one subscription's,
// each with its unread items. A list beside the items on wide screens, a picker on phones.
import { Badge, List, ListItem, ListItemButton, ListItemText, ListSubheader, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FeedFilter } from '../../../domain/modules/exoreader/feed.ts';
import { type Sources, subscriptionName } from '../api/feed.ts';

interface SourceProps {
  sources: Sources | null;
  filter: FeedFilter;
  onPick: (next: Partial<FeedFilter>) => void;
}

const ALL = 'all';

function scopeOf(filter: FeedFilter): string {
  return filter.subscription ? `s:${filter.subscription}` : filter.label ? `l:${filter.label}` : ALL;
}

function filterOf(scope: string): Partial<FeedFilter> {
  if (scope.startsWith('s:')) return { subscription: scope.slice(2), label: null };
  if (scope.startsWith('l:')) return { label: scope.slice(2), subscription: null };
  return { label: null, subscription: null };
}

function entries(sources: Sources | null) {
  if (!sources) return { labels: [], subscriptions: [], total: 0 };
  return {
    total: sources.unread.total,
    labels: sources.labels.map((l) => ({
      scope: `l:${l._id}`,
      name: l.name,
      unread: sources.unread.byLabel.get(l._id) ?? 0,
    })),
    subscriptions: sources.subscriptions.map((s) => ({
      scope: `s:${s._id}`,
      name: subscriptionName(s),
      unread: sources.unread.bySubscription.get(s._id) ?? 0,
      inactive: s.active === false,
    })),
  };
}

export function SourceList({ sources, filter, onPick }: SourceProps) {
  const { t } = useTranslation();
  const scope = scopeOf(filter);
  const { labels, subscriptions, total } = entries(sources);
  const item = (key: string, name: string, unread: number, muted = false) => (
    <ListItem key={key} disablePadding>
      <ListItemButton
        selected={scope === key}
        aria-current={scope === key ? 'true' : undefined}
        onClick={() => onPick(filterOf(key))}
        sx={{ minHeight: 44 }}
      >
        <ListItemText
          primary={name}
          slotProps={{ primary: { noWrap: true, color: muted ? 'text.secondary' : undefined } }}
        />
        {unread > 0 && (
          <Badge
            badgeContent={unread}
            max={999}
            color="primary"
            sx={{ mx: 2 }}
            aria-label={t('reader.unreadCount', { count: unread })}
          />
        )}
      </ListItemButton>
    </ListItem>
  );
  return (
    <List dense disablePadding>
      {item(ALL, t('reader.allItems'), total)}
      {labels.length > 0 && <ListSubheader disableSticky>{t('records.reader_labels.title')}</ListSubheader>}
      {labels.map((l) => item(l.scope, l.name, l.unread))}
      {subscriptions.length > 0 && (
        <ListSubheader disableSticky>{t('records.reader_subscriptions.title')}</ListSubheader>
      )}
      {subscriptions.map((s) => item(s.scope, s.name, s.unread, s.inactive))}
    </List>
  );
}

export function SourcePicker({ sources, filter, onPick }: SourceProps) {
  const { t } = useTranslation();
  const { labels, subscriptions, total } = entries(sources);
  const label = (name: string, unread: number) => (unread > 0 ? `${name} (${unread})` : name);
  return (
    <TextField
      select
      fullWidth
      label={t('reader.sources')}
      value={scopeOf(filter)}
      onChange={(e) => onPick(filterOf(e.target.value))}
    >
      <MenuItem value={ALL}>{label(t('reader.allItems'), total)}</MenuItem>
      {labels.length > 0 && <ListSubheader>{t('records.reader_labels.title')}</ListSubheader>}
      {labels.map((l) => (
        <MenuItem key={l.scope} value={l.scope}>
          {label(l.name, l.unread)}
        </MenuItem>
      ))}
      {subscriptions.length > 0 && <ListSubheader>{t('records.reader_subscriptions.title')}</ListSubheader>}
      {subscriptions.map((s) => (
        <MenuItem key={s.scope} value={s.scope}>
          {label(s.name, s.unread)}
        </MenuItem>
      ))}
    </TextField>
  );
}
