// The feed reader (spec 001 §2): filters by read and starred state, by subscription and by label,
// ten items a page, items opened in place, marks and stars saved on the device (offline too) and
// synced later, and keys for one-handed and keyboard reading. The page's items stay listed while
// being read (an item marked read does not vanish from "unread" under the finger); the list is
// computed again when the filter, the page or "refresh" asks, and as items arrive on a page not
// yet full that nobody has acted on.
import HelpIcon from '@mui/icons-material/KeyboardOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import {
  type FeedFilter,
  feedFilterQuery,
  type ItemAction,
  marksReadOnOpening,
  parseFeedFilter,
  FEED_PAGE_SIZE,
  READ_FILTERS,
  STARRED_FILTERS,
} from '../../../domain/modules/exoreader/feed.ts';
import { changeItem, readFeedIds, readItems, readSources, type ReaderItem, subscriptionName } from '../api/feed.ts';
import { ArchivedItems } from './archived-items.tsx';
import { useFilling } from '../../../data/sync-store.ts';
import { FeedPager } from './feed-pager.tsx';
import { KeyboardHelp, useReaderKeys } from './reader-keys.tsx';
import { ReaderItemCard, type ReaderItemHandle } from './reader-item-card.tsx';
import { SourcePicker, SourceList } from './sources.tsx';

/** Filter buttons a thumb can hit, whose words read on either theme (MUI's greyed default does not). */
const TOGGLE = {
  minHeight: 44,
  px: 2,
  color: 'text.primary',
  '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.contrastText', bgcolor: 'primary.main' },
} as const;

/** One of the reader's filters as buttons side by side (spec 001 §2: read; starred). */
function FilterGroup<T extends string>(props: {
  name: 'read' | 'starred';
  values: readonly T[];
  value: T;
  onPick: (value: T) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={props.value}
      onChange={(_, value: T | null) => value && props.onPick(value)}
      aria-label={props.label}
    >
      {props.values.map((value) => (
        <ToggleButton key={value} value={value} sx={TOGGLE}>
          {t(`reader.${props.name}.${value}` as string)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export function Reader({ env }: { env: ResourceEnv }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseFeedFilter(params), [params]);
  const filterKey = feedFilterQuery(filter);
  const [error, setError] = useErrorState();
  const [refreshTick, setRefreshTick] = useState(0);
  const [listing, setListing] = useState<{ key: string; ids: string[]; total: number } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [selected, setSelected] = useState(0);
  const [help, setHelp] = useState(false);
  const cards = useRef(new Map<string, ReaderItemHandle>());

  const loadSources = useCallback(() => readSources(env.accountId), [env.accountId]);
  const { value: sources } = useReplicaQuery(env.accountId, loadSources);

  // A page stays as it is once the person acts on its items (opens, marks, stars), until refreshed
  // or left; until then a page not yet full fills in as items arrive (the first fetch after
  // subscribing comes down in several sync batches: a page read between two kept only the first).
  const touched = useRef<string | null>(null);
  // The read whose page is shown (filter and refresh): an arrival does not replace it once touched.
  const shownRead = useRef<string | null>(null);
  const arrivals = listing !== null && listing.total < FEED_PAGE_SIZE ? sources : null;
  // Read once the group's copy is whole, when this is its first visit on the device.
  const filling = useFilling(env.accountId);
  useEffect(() => {
    if (filling) return;
    const read = `${filterKey} ${refreshTick}`;
    if (shownRead.current === read && touched.current === filterKey) return;
    let live = true;
    readFeedIds(env.accountId, parseFeedFilter(new URLSearchParams(filterKey))).then(
      (found) => {
        if (!live) return;
        shownRead.current = read;
        setListing({ key: filterKey, ...found });
      },
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [env.accountId, filterKey, refreshTick, setError, arrivals, filling]);

  const ids = listing?.ids;
  const loadItems = useCallback(() => readItems(env.accountId, ids ?? []), [env.accountId, ids]);
  const { value: items } = useReplicaQuery(env.accountId, loadItems);
  const current = listing?.key === filterKey ? (items ?? null) : null;

  const go = (next: Partial<FeedFilter>) => {
    setOpenId(null);
    setSelected(0);
    setParams(new URLSearchParams(feedFilterQuery({ ...filter, page: 1, ...next })));
  };

  const act = (item: ReaderItem, action: ItemAction) => {
    touched.current = filterKey;
    changeItem(env, item, action).catch(setError);
  };
  const toggle = (item: ReaderItem) => {
    touched.current = filterKey;
    if (openId === item._id) return setOpenId(null);
    setOpenId(item._id);
    if (!item.read && marksReadOnOpening(env.settings)) act(item, 'read');
  };

  const shown = current ?? [];
  const focusItem = (index: number) => {
    const item = shown[index];
    if (!item) return;
    setSelected(index);
    cards.current.get(item._id)?.focus();
  };
  useReaderKeys({
    next: () => focusItem(Math.min(selected + 1, shown.length - 1)),
    previous: () => focusItem(Math.max(selected - 1, 0)),
    open: () => shown[selected] && toggle(shown[selected]),
    read: () => shown[selected] && act(shown[selected], shown[selected].read ? 'unread' : 'read'),
    star: () => shown[selected] && act(shown[selected], shown[selected].starred ? 'unstar' : 'star'),
    help: () => setHelp(true),
  });

  const names = new Map((sources?.subscriptions ?? []).map((s) => [s._id, subscriptionName(s)]));
  const scopeName = filter.subscription
    ? names.get(filter.subscription)
    : filter.label
      ? sources?.labels.find((l) => l._id === filter.label)?.name
      : t('reader.allItems');

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="nav"
        aria-label={t('reader.sources')}
        sx={{ display: { xs: 'none', md: 'block' }, width: 280, flexShrink: 0 }}
      >
        <SourceList sources={sources ?? null} filter={filter} onPick={go} />
      </Box>
      <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: '10rem' }}>
            {scopeName ?? t('records.reader_items.title')}
          </Typography>
          <Tooltip title={t('reader.refresh')}>
            <IconButton
              aria-label={t('reader.refresh')}
              onClick={() => {
                // A refreshed page is one nobody has acted on yet: items arriving fill it again.
                touched.current = null;
                setRefreshTick((n) => n + 1);
              }}
            >
              <RefreshIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('reader.keys.title')}>
            <IconButton aria-label={t('reader.keys.title')} onClick={() => setHelp(true)}>
              <HelpIcon />
            </IconButton>
          </Tooltip>
          <Button
            component={RouterLink}
            to={`/account/${env.accountId}/reader_subscriptions/new`}
            startIcon={<AddIcon />}
            variant="contained"
          >
            {t('reader.subscribe')}
          </Button>
        </Stack>
        <Box sx={{ display: { xs: 'block', md: 'none' } }}>
          <SourcePicker sources={sources ?? null} filter={filter} onPick={go} />
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FilterGroup
            name="read"
            values={READ_FILTERS}
            value={filter.read}
            onPick={(read) => go({ read })}
            label={t('reader.readFilter')}
          />
          <FilterGroup
            name="starred"
            values={STARRED_FILTERS}
            value={filter.starred}
            onPick={(starred) => go({ starred })}
            label={t('reader.starredFilter')}
          />
        </Stack>
        <ErrorBox error={error} onClose={() => setError(null)} />
        {sources && sources.subscriptions.length === 0 ? (
          <Typography color="text.secondary">{t('reader.noSubscriptions')}</Typography>
        ) : current === null ? (
          <Box sx={{ minHeight: '50vh' }} aria-busy="true" />
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" data-testid="reader-empty">
            {t('reader.empty')}
          </Typography>
        ) : (
          <Stack spacing={1} component="section" aria-label={t('reader.items', { count: listing?.total ?? 0 })}>
            {shown.map((item, index) => (
              <ReaderItemCard
                key={item._id}
                ref={(handle) => {
                  if (handle) cards.current.set(item._id, handle);
                  else cards.current.delete(item._id);
                }}
                item={item}
                source={names.get(item.subscription_id) ?? ''}
                open={openId === item._id}
                selected={selected === index}
                onSelect={() => setSelected(index)}
                onToggle={() => toggle(item)}
                onAction={(action) => act(item, action)}
              />
            ))}
          </Stack>
        )}
        {current !== null && (filter.page > 1 || shown.length > 0) && (
          <FeedPager page={filter.page} shown={shown.length} onPage={(page) => go({ page })} />
        )}
        {/* Past the last page of read items, the older ones the server keeps (not by label: kept per subscription). */}
        {current !== null &&
          shown.length < FEED_PAGE_SIZE &&
          filter.read !== 'unread' &&
          filter.starred !== 'starred' &&
          !filter.label && (
            <ArchivedItems
              key={filterKey}
              accountId={env.accountId}
              subscription={filter.subscription}
              before={shown.at(-1)?.point_at ?? null}
              sourceName={(id) => names.get(id) ?? ''}
            />
          )}
      </Stack>
      <KeyboardHelp open={help} onClose={() => setHelp(false)} />
    </Stack>
  );
}
