import { describe, expect, it } from 'vitest';
import {
  FEED_PAGE_SIZE,
  feedFilterQuery,
  feedPage,
  feedPageLinks,
  marksReadOnOpening,
  parseFeedFilter,
  unreadCounts,
} from './feed.ts';

const A = 'rsb-00000000-0000-4000-8000-00000000000a';
const B = 'rsb-00000000-0000-4000-8000-00000000000b';
const C = 'rsb-00000000-0000-4000-8000-00000000000c';
const MAKER = 'rlb-00000000-0000-4000-8000-000000000001';
const subscriptions = [{ _id: A, labels: [MAKER] }, { _id: B, labels: [MAKER, MAKER] }, { _id: C }];

/** Item n of a subscription: published on day n, read when n is even, starred when n is a multiple of 5. */
function rows(subscription: string, count: number, prefix: string) {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${String(i).padStart(3, '0')}`,
    key: [subscription, i % 2 === 0 ? 1 : 0, i % 5 === 0 ? 1 : 0, `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`],
  }));
}
const all = [...rows(A, 25, 'a'), ...rows(B, 4, 'b'), ...rows(C, 3, 'c')];
const filter = (query: string) => parseFeedFilter(new URLSearchParams(query));

describe('the reader’s filters', () => {
  it('default to unread items of every subscription, starred or not, first page', () => {
    expect(filter('')).toEqual({ read: 'unread', starred: 'all', subscription: null, label: null, page: 1 });
    expect(filter('read=nonsense&starred=&page=-2')).toEqual(filter(''));
  });

  it('write back to the same address, defaults left out', () => {
    for (const query of ['', '?read=all&starred=starred&page=3', `?read=read&label=${MAKER}`])
      expect(feedFilterQuery(filter(query))).toBe(query);
  });
});

describe('a page of items', () => {
  it('shows ten unread items newest first, then the rest, and no item twice', () => {
    const first = feedPage(all, filter(''), subscriptions);
    const unread = all.filter((r) => (r.key as unknown[])[1] === 0);
    expect(first.total).toBe(unread.length);
    expect(first.ids).toHaveLength(FEED_PAGE_SIZE);
    expect(first.ids[0]).toBe('a023');
    const second = feedPage(all, filter('page=2'), subscriptions);
    expect(second.ids.some((id) => first.ids.includes(id))).toBe(false);
    expect(feedPage(all, filter('page=9'), subscriptions).ids).toEqual([]);
  });

  it('leaves out the items of a subscription the group no longer has', () => {
    const withoutC = subscriptions.filter((s) => s._id !== C);
    const page = feedPage(all, filter('read=all&page=4'), withoutC);
    expect(page.total).toBe(29);
    expect(page.ids.some((id) => id.startsWith('c'))).toBe(false);
    expect(unreadCounts([{ key: [C, 0], value: 3 }], withoutC).total).toBe(0);
  });

  it('narrows by read, starred, subscription and label', () => {
    expect(feedPage(all, filter('read=read&starred=starred'), subscriptions).ids.sort()).toEqual(
      ['a000', 'a010', 'a020', 'b000', 'c000'].sort(),
    );
    expect(feedPage(all, filter(`read=all&subscription=${B}`), subscriptions).ids).toEqual([
      'b003',
      'b002',
      'b001',
      'b000',
    ]);
    const labelled = feedPage(all, filter(`read=all&label=${MAKER}&page=3`), subscriptions);
    expect(labelled.total).toBe(29);
    expect(labelled.ids.every((id) => !id.startsWith('c'))).toBe(true);
  });
});

describe('page links', () => {
  it('offer previous, each earlier page and next only after a full page', () => {
    expect(feedPageLinks(1, 10)).toEqual({ previous: null, earlier: [], next: 2 });
    expect(feedPageLinks(3, 4)).toEqual({ previous: 2, earlier: [1, 2], next: null });
  });
});

describe('unread counts', () => {
  it('count per subscription, per label (each subscription once) and in all', () => {
    const grouped = [
      { key: [A, 0], value: 12 },
      { key: [A, 1], value: 13 },
      { key: [B, 0], value: 2 },
      { key: [C, 0], value: 1 },
    ];
    const counts = unreadCounts(grouped, subscriptions);
    expect(counts.bySubscription.get(A)).toBe(12);
    expect(counts.byLabel.get(MAKER)).toBe(14);
    expect(counts.total).toBe(15);
  });
});

describe('mark as read on opening', () => {
  it('is on unless the group switched it off', () => {
    expect(marksReadOnOpening(null)).toBe(true);
    expect(marksReadOnOpening({ reader_mark_as_read_on_opening: 'enabled' })).toBe(true);
    expect(marksReadOnOpening({ reader_mark_as_read_on_opening: 'disabled' })).toBe(false);
  });
});
