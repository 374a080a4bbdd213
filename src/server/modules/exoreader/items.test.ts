import { describe, expect, it } from 'vitest';
import { newId } from '../../../domain/ids.ts';
import { readerItems, readerSubscriptions } from '../../../domain/modules/exoreader/records.ts';
import { validateRecord } from '../../../domain/records/schema.ts';
import type { ParsedItem } from './feeds/parse-feed.ts';
import { feedFor, type ReaderFeedDoc, type SubscriptionDoc } from './feeds-db.ts';
import { fitRecord, itemRecord, subscriptionChanges } from './items.ts';

const SUB = newId('ReaderSubscription');
const NOW = '2026-11-24T10:00:00.000Z';

const item = (over: Partial<ParsedItem> = {}): ParsedItem => ({
  guid: 'g1',
  url: 'https://example.org/a',
  title: 'A title',
  content: '<p>Hello <b>there</b></p>',
  contentType: 'html',
  summary: null,
  publishedAt: '2026-11-20T08:00:00.000Z',
  enclosures: [],
  ...over,
});

describe('itemRecord', () => {
  it('makes a record the domain accepts, unread and unstarred, stamped by the server', () => {
    const record = itemRecord(SUB, item(), 'https://example.org/feed', NOW)!;
    expect(validateRecord(readerItems, record).hasErrors).toBe(false);
    expect(record).toMatchObject({
      klass: 'ReaderItem',
      subscription_id: SUB,
      point_at: '2026-11-20T08:00:00.000Z',
      summary: 'Hello there',
      content_type: 'html',
      read: false,
      starred: false,
      created_by: 'server',
      created_at: NOW,
    });
  });

  it('keeps the enclosures as rows the domain accepts (issue 28)', () => {
    const record = itemRecord(
      SUB,
      item({
        enclosures: [
          { url: 'https://cdn.example/aula.mp3', type: 'audio/mpeg', length: 1234 },
          { url: 'https://cdn.example/aula.pdf', type: null, length: null },
        ],
      }),
      'https://example.org/feed',
      NOW,
    )!;
    expect(record.enclosures).toEqual([
      { url: 'https://cdn.example/aula.mp3', type: 'audio/mpeg', length: 1234 },
      { url: 'https://cdn.example/aula.pdf' },
    ]);
    expect(validateRecord(readerItems, record).hasErrors).toBe(false);
  });

  it('dates an undated item when first fetched, and leaves out what the rules refuse', () => {
    const record = itemRecord(
      SUB,
      item({
        publishedAt: null,
        url: 'ftp://example.org/a',
        title: 'x'.repeat(1500),
        content: null,
        contentType: null,
      }),
      'https://example.org/feed',
      NOW,
    )!;
    expect(record.point_at).toBe(NOW);
    expect(record).not.toHaveProperty('url');
    expect(record).not.toHaveProperty('content');
    expect(record).not.toHaveProperty('content_type');
    expect((record.title as string).length).toBe(1000);
    expect(validateRecord(readerItems, record).hasErrors).toBe(false);
  });

  it('cuts content and summary to their limits, closing cut HTML', () => {
    const long = `<p>${'word '.repeat(30_000)}</p>`;
    const record = itemRecord(SUB, item({ content: long }), 'https://example.org/feed', NOW)!;
    expect((record.content as string).length).toBeLessThanOrEqual(100_000);
    expect(record.content as string).toMatch(/^<p>word word[\s\S]*<\/p>$/);
    expect((record.summary as string).length).toBeLessThanOrEqual(2000);
  });
});

describe('fitRecord', () => {
  it('returns null when a required field is missing whatever is dropped', () => {
    expect(fitRecord(readerItems, { _id: newId('ReaderItem'), klass: 'ReaderItem', point_at: NOW })).toBeNull();
  });
});

describe('subscriptionChanges', () => {
  const subscription = {
    _id: SUB,
    klass: 'ReaderSubscription',
    url: 'https://example.org/',
    title: 'Old',
    customize_title: false,
  };
  const feed = { title: 'The feed', websiteUrl: 'https://example.org/home', items: [] };

  it('follows the feed’s title unless the person chose one, and fills an empty website', () => {
    expect(subscriptionChanges(subscription, feed, null)).toEqual({
      title: 'The feed',
      website_url: 'https://example.org/home',
    });
    expect(
      subscriptionChanges({ ...subscription, customize_title: true, website_url: 'https://mine.example/' }, feed, null),
    ).toEqual({});
  });

  it('moves a website’s address to its feed and keeps the page as the website', () => {
    const found = { feedUrl: 'https://example.org/feed.xml', pageUrl: 'https://example.org/' };
    expect(subscriptionChanges(subscription, feed, found)).toMatchObject({
      url: 'https://example.org/feed.xml',
      website_url: 'https://example.org/',
    });
  });

  it('shortens a title the records would refuse', () => {
    const changes = subscriptionChanges(subscription, { ...feed, title: 't'.repeat(400) }, null);
    expect((changes.title as string).length).toBe(255);
    expect(validateRecord(readerSubscriptions, { ...subscription, ...changes }).hasErrors).toBe(false);
  });
});

describe('feedFor', () => {
  const db = newId('Account');
  const now = new Date(NOW);
  const sub = (over: Record<string, unknown> = {}) =>
    ({
      _id: SUB,
      klass: 'ReaderSubscription',
      url: 'https://a.example/feed',
      active: true,
      ...over,
    }) as SubscriptionDoc;

  it('makes a new subscription due now, and forgets a deleted one', () => {
    const feed = feedFor(db, sub(), null, now)!;
    expect(feed).toMatchObject({ _id: `${db}:${SUB}`, url: 'https://a.example/feed', active: true, next_at: NOW });
    expect(feedFor(db, null, feed, now)).toBeNull();
  });

  it('leaves an unchanged feed alone, restarts a new address, pauses and resumes', () => {
    const stored = {
      ...feedFor(db, sub(), null, now)!,
      _rev: '1-a',
      etag: '"x"',
      errors: 3,
      next_at: '2026-11-25T00:00:00.000Z',
    } as ReaderFeedDoc;
    expect(feedFor(db, sub({ title: 'renamed' }), stored, now)).toBe(stored);
    const moved = feedFor(db, sub({ url: 'https://b.example/feed' }), stored, now)!;
    expect(moved).toMatchObject({ etag: null, errors: 0, next_at: NOW, _rev: '1-a' });
    const paused = feedFor(db, sub({ active: false }), stored, now)!;
    expect(paused.active).toBe(false);
    expect(paused).not.toHaveProperty('next_at');
    expect(feedFor(db, sub(), paused, now)).toMatchObject({ active: true, next_at: NOW, etag: '"x"' });
  });

  it('keeps a feed being fetched due at its lease’s end', () => {
    const leased = {
      ...feedFor(db, sub(), null, now)!,
      lease_owner: 'other',
      lease_until: '2026-11-24T10:05:00.000Z',
    } as ReaderFeedDoc;
    expect(feedFor(db, sub({ url: 'https://b.example/feed' }), leased, now)!.next_at).toBe('2026-11-24T10:05:00.000Z');
  });
});
