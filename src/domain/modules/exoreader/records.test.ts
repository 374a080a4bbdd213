import { describe, expect, it } from 'vitest';
import { checkDocWrite } from '../../permissions.ts';
import { judgeRecordWrite, validateRecord } from '../../records/schema.ts';
import { FEED_FIELD_MESSAGE, readerItems, readerSubscriptions } from './records.ts';

const GROUP = 'acc-00000000-0000-4000-8000-000000000001';
const actor = { name: 'usr-00000000-0000-4000-8000-000000000002', roles: [GROUP], permission: 'full' as const };
const LABEL = 'rlb-00000000-0000-4000-8000-000000000003';
const item = {
  _id: 'rit-00000000-0000-4000-8000-000000000004',
  _rev: '1-a',
  klass: 'ReaderItem',
  subscription_id: 'rsb-00000000-0000-4000-8000-000000000005',
  title: 'Recall: compressor relay',
  url: 'https://maker.example/recall',
  point_at: '2026-11-20T10:00:00.000Z',
  content: '<p>Replace the relay.</p>',
  content_type: 'html',
  read: false,
  starred: false,
};
const context = { settings: null, today: '2026-11-25' };

describe('a reader item', () => {
  it('may be marked read, starred or expanded by a person', () => {
    const after = { ...item, read: true, starred: true, expand_content: true, updated_at: 'x', updated_by: actor.name };
    expect(judgeRecordWrite(readerItems, item, after, context).hasErrors).toBe(false);
    expect(checkDocWrite(actor, GROUP, after, undefined, item, context)).toEqual({ ok: true });
  });

  it('keeps the feed’s words: a changed title or subscription is refused, field by field', () => {
    const after = { ...item, title: 'Mine now', subscription_id: 'rsb-00000000-0000-4000-8000-000000000006' };
    expect(judgeRecordWrite(readerItems, item, after, context).reasons).toEqual({
      title: [FEED_FIELD_MESSAGE],
      subscription_id: [FEED_FIELD_MESSAGE],
    });
  });

  it('carries enclosures at http(s) addresses only, which a person cannot change (issue 28)', () => {
    const withFiles = { ...item, enclosures: [{ url: 'https://maker.example/a.mp3', type: 'audio/mpeg', length: 10 }] };
    expect(validateRecord(readerItems, withFiles).hasErrors).toBe(false);
    expect(
      validateRecord(readerItems, { ...item, enclosures: [{ url: 'javascript:alert(1)', type: 'audio/mpeg' }] })
        .reasons,
    ).toHaveProperty(['enclosures.0.url']);
    const read = { ...withFiles, read: true, updated_at: 'x', updated_by: actor.name };
    expect(checkDocWrite(actor, GROUP, read, undefined, withFiles, context)).toEqual({ ok: true });
    expect(judgeRecordWrite(readerItems, withFiles, { ...withFiles, enclosures: [] }, context).reasons).toEqual({
      enclosures: [FEED_FIELD_MESSAGE],
    });
  });

  it('is created and removed only by the server', () => {
    expect(checkDocWrite(actor, GROUP, { ...item, _rev: undefined }, undefined, null, context)).toMatchObject({
      status: 403,
    });
    expect(
      checkDocWrite(actor, GROUP, { _id: item._id, _rev: item._rev, _deleted: true }, undefined, item, context),
    ).toMatchObject({
      status: 403,
    });
  });
});

describe('a subscription', () => {
  it('carries several labels, each once', () => {
    const sub = { klass: 'ReaderSubscription', url: 'https://maker.example/feed', labels: [LABEL] };
    expect(validateRecord(readerSubscriptions, sub).hasErrors).toBe(false);
    expect(validateRecord(readerSubscriptions, { ...sub, labels: [LABEL, LABEL] }).reasons).toEqual({
      labels: ['is invalid'],
    });
    expect(validateRecord(readerSubscriptions, { ...sub, labels: ['tik-1'] }).reasons).toEqual({
      labels: ['is invalid'],
    });
  });
});
