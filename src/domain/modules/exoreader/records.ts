// The feed reader's records (spec 001 §3): subscriptions and labels, written by people, and items,
// written by the server's fetcher (src/server/modules/exoreader). A person changes only an item's state
// (read, starred, expanded); its words come from the feed and are the same on every device.
import type { FieldSpec, ResourceSpec } from '../../records/schema.ts';

/** An item's content as the feed gave it: plain text, or HTML the server sanitised. */
export const CONTENT_TYPES = ['text', 'html'] as const;
/** A file an item carries (a podcast's audio, a training video): an http(s) address, its type and size. */
export interface ItemEnclosure {
  url: string;
  type?: string;
  /** Bytes. */
  length?: number;
}
/** An item's words and origin, as the feed gave them (what the server's archive keeps too). */
export interface FeedItemFields {
  subscription_id: string;
  title?: string;
  url?: string;
  point_at: string;
  summary?: string;
  content?: string;
  content_type?: (typeof CONTENT_TYPES)[number];
  enclosures?: ItemEnclosure[];
}

export const LABEL_KINDS = ['topic', 'maker'] as const;

/** What a person may change on an item; everything else is the feed's. */
export const ITEM_STATE_FIELDS = ['read', 'starred', 'highlight', 'expand_content'] as const;
/** Bookkeeping a state change rewrites. */
const STAMPS = new Set(['updated_at', 'updated_by', '_rev', '_revisions']);

export const FEED_FIELD_MESSAGE = 'comes from the feed and cannot be changed';

export const readerLabels: ResourceSpec = {
  resource: 'reader_labels',
  klass: 'ReaderLabel',
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    { name: 'label', type: 'text' },
    // A maker's label groups the bulletins and recalls of an equipment brand.
    { name: 'kind', type: 'select', options: LABEL_KINDS, initial: 'topic', required: true },
  ],
  columns: ['name', 'kind', 'label'],
  search: ['name', 'label'],
  sort: ['name', 'created_at', 'updated_at'],
  defaultSort: { field: 'name', direction: 'asc' },
  titleField: 'name',
};

export const readerSubscriptions: ResourceSpec = {
  resource: 'reader_subscriptions',
  klass: 'ReaderSubscription',
  fields: [
    // A feed's address, or a website's: the server finds the website's feed and writes it here.
    { name: 'url', type: 'url', required: true, maxLength: 2048 },
    { name: 'title', type: 'text' },
    // Off: the title follows the feed's own.
    { name: 'customize_title', type: 'boolean', initial: false },
    { name: 'website_url', type: 'url', maxLength: 2048 },
    { name: 'active', type: 'boolean', initial: true },
    { name: 'labels', type: 'references', ref: 'ReaderLabel' },
  ],
  columns: ['title', 'url', 'labels', 'active'],
  search: ['title', 'url', 'website_url'],
  // In the order subscribed: a new subscription's title comes from its feed, later.
  sort: ['created_at', 'updated_at'],
  defaultSort: { field: 'created_at', direction: 'asc' },
  titleField: 'title',
  label: (doc) => String(doc.title || doc.url || ''),
};

const fromFeed = (field: Omit<FieldSpec, 'readOnly'>): FieldSpec => ({ ...field, readOnly: true });

export const readerItems: ResourceSpec = {
  resource: 'reader_items',
  klass: 'ReaderItem',
  // Listed by the reader's own screen (reader_items#index, src/features/exoreader/pages).
  screens: ['show'],
  serverCreates: true,
  noHistory: true,
  fields: [
    fromFeed({ name: 'title', type: 'text', maxLength: 1000 }),
    fromFeed({ name: 'url', type: 'url', maxLength: 2048 }),
    fromFeed({ name: 'subscription_id', type: 'reference', ref: 'ReaderSubscription', required: true }),
    // Published, as an ISO date and time (the feed's own, else when first fetched): the reader's order.
    fromFeed({ name: 'point_at', type: 'text', required: true, maxLength: 40 }),
    fromFeed({ name: 'summary', type: 'textarea', maxLength: 2000 }),
    fromFeed({ name: 'content', type: 'textarea' }),
    fromFeed({ name: 'content_type', type: 'select', options: CONTENT_TYPES }),
    // The `url` type admits http(s) only, so a stored enclosure can never be a javascript: or data: link.
    fromFeed({
      name: 'enclosures',
      type: 'rows',
      rows: [
        { name: 'url', type: 'url', required: true, maxLength: 2048 },
        { name: 'type', type: 'text', maxLength: 255 },
        { name: 'length', type: 'integer', min: 0 },
      ],
    }),
    { name: 'read', type: 'boolean', initial: false },
    { name: 'starred', type: 'boolean', initial: false },
    { name: 'highlight', type: 'boolean' },
    { name: 'expand_content', type: 'boolean' },
  ],
  columns: ['title', 'subscription_id', 'point_at', 'read', 'starred'],
  // Items are many and read through the reader's own screen, not searched word by word.
  search: [],
  sort: ['point_at'],
  defaultSort: { field: 'point_at', direction: 'desc' },
  titleField: 'title',
  transition: (before, after, errors) => {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (key.startsWith('_') || STAMPS.has(key) || (ITEM_STATE_FIELDS as readonly string[]).includes(key)) continue;
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) errors.add(key, FEED_FIELD_MESSAGE);
    }
  },
};

export const EXOREADER_RESOURCES: readonly ResourceSpec[] = [readerItems, readerSubscriptions, readerLabels];
