// The feed reader (spec 001 §1 exoreader): subscriptions to feeds, labels grouping them, and the
// items the server fetches into the group (src/server/modules/exoreader), read offline on the device.
import type { ModuleDescription } from '../kit.ts';
import { EXOREADER_RESOURCES, FEED_FIELD_MESSAGE } from './records.ts';

export const exoreaderModule: ModuleDescription = {
  kind: 'exoreader',
  feature: 'exoreader',
  setting: 'exoreader',
  built: true,
  home: 'reader_items',
  records: EXOREADER_RESOURCES,
  // The reader itself: the items of §2 with their filters, in place of a generic list.
  pages: [{ name: 'reader_items#index', path: 'reader_items', title: 'records.reader_items.title' }],
  menu: [
    { key: 'reader_items', path: 'reader_items' },
    { key: 'reader_subscriptions', path: 'reader_subscriptions' },
    { key: 'reader_labels', path: 'reader_labels' },
  ],
  others: [],
  // Spec 001 §2: the reader's dashboard is its settings and its items, no timeline.
  recentChanges: false,
  firstSteps: [{ resource: 'reader_subscriptions', klass: 'ReaderSubscription' }],
  tiles: [
    { resource: 'reader_items', klass: 'ReaderItem' },
    { resource: 'reader_subscriptions', klass: 'ReaderSubscription' },
    { resource: 'reader_labels', klass: 'ReaderLabel' },
  ],
  settings: [],
  // Spec 001 §7: read, unread, star and unstar an item by id, for API clients.
  updateHandlers: { group: ['status/read', 'status/unread', 'status/star', 'status/unstar'] },
  indexes: [],
  views: ['reader-items/feed'],
  counters: [],
  messages: [FEED_FIELD_MESSAGE],
};
