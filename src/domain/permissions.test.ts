import { describe, expect, it } from 'vitest';
import {
  type Actor,
  canReadDatabase,
  checkDocWrite,
  hasAttachment,
  isAddressableId,
  takesAttachments,
  withAttachment,
} from './permissions.ts';
import { SERVER_SETTING_KEYS } from './billing.ts';

const me = 'usr-11111111-1111-4111-8111-111111111111';
const group = 'acc-22222222-2222-4222-8222-222222222222';
const actor: Actor = { name: me, roles: [me, group], permission: 'full' };
const adj = 'adj-33333333-3333-4333-8333-333333333333';

describe('who reads which database', () => {
  it('lets a user read only their personal database and groups in their roles', () => {
    expect(canReadDatabase(actor, me)).toBe(true);
    expect(canReadDatabase(actor, group)).toBe(true);
    expect(canReadDatabase(actor, 'usr-99999999-9999-4999-8999-999999999999')).toBe(false);
    expect(canReadDatabase(actor, 'acc-99999999-9999-4999-8999-999999999999')).toBe(false);
    expect(canReadDatabase(actor, 'moneta-users')).toBe(false);
  });

  it('lets a parent group’s member into its sub-groups, and no one else (src/domain/group-access.ts)', () => {
    const sub = 'acc-99999999-9999-4999-8999-999999999999';
    expect(canReadDatabase(actor, sub, group)).toBe(true);
    expect(canReadDatabase(actor, sub, 'acc-88888888-8888-4888-8888-888888888888')).toBe(false);
    const write = { _id: 'cus-44444444-4444-4444-8444-444444444444', klass: 'Customer', name: 'Ana' };
    expect(checkDocWrite(actor, sub, write, { admin: false, parent: group })).toEqual({ ok: true });
    expect(checkDocWrite(actor, sub, write, { admin: false })).toMatchObject({ ok: false, status: 403 });
  });
});

describe('checkDocWrite', () => {
  it('accepts the user’s own settings and deletions', () => {
    expect(checkDocWrite(actor, me, { _id: adj, klass: 'Adjustment', key: 'locale', value: 'pt-BR' })).toEqual({
      ok: true,
    });
    expect(checkDocWrite(actor, me, { _id: adj, _deleted: true })).toEqual({ ok: true });
  });

  it('refuses design documents and server-owned records', () => {
    expect(checkDocWrite(actor, me, { _id: '_design/x' })).toMatchObject({ ok: false, status: 403 });
    expect(
      checkDocWrite(actor, me, { _id: 'tok-33333333-3333-4333-8333-333333333333', klass: 'UserToken' }),
    ).toMatchObject({ status: 403 });
    expect(checkDocWrite(actor, me, { _id: 'tok-33333333-3333-4333-8333-333333333333', _deleted: true })).toMatchObject(
      { status: 403 },
    );
  });

  it('gives field reasons for missing klass, mismatched prefixes and bad locales', () => {
    expect(checkDocWrite(actor, me, { _id: adj })).toEqual({
      ok: false,
      status: 422,
      reason: { klass: ["can't be blank"] },
    });
    expect(checkDocWrite(actor, me, { _id: adj, klass: 'Customer' })).toEqual({
      ok: false,
      status: 422,
      reason: { _id: ['is invalid'] },
    });
    expect(checkDocWrite(actor, me, { _id: adj, klass: 'Adjustment', key: 'locale', value: 'xx' })).toEqual({
      ok: false,
      status: 422,
      reason: { value: ['is not included in the list'] },
    });
    expect(checkDocWrite(actor, me, { klass: 'Adjustment' })).toMatchObject({
      status: 422,
      reason: { _id: ["can't be blank"] },
    });
  });

  it('lets only group administrators write settings, phones and addresses, and nobody memberships', () => {
    const setting = { _id: adj, klass: 'Adjustment', key: 'checklist', value: 'enabled' };
    expect(checkDocWrite(actor, group, setting)).toMatchObject({ status: 403 });
    expect(checkDocWrite(actor, group, setting, { admin: true })).toEqual({ ok: true });
    expect(checkDocWrite(actor, group, { _id: adj, _deleted: true })).toMatchObject({ status: 403 });
    expect(checkDocWrite(actor, group, { _id: adj, _deleted: true }, { admin: true })).toEqual({ ok: true });
    const membership = { _id: 'mem-44444444-4444-4444-8444-444444444444', klass: 'Membership' };
    expect(checkDocWrite(actor, group, membership, { admin: true })).toMatchObject({ status: 403 });
    const ticket = {
      _id: 'tik-44444444-4444-4444-8444-444444444444',
      klass: 'Ticket',
      title: 'Pump',
      status: 'open',
      priority: 'low',
      ticket_kind: 'bug',
    };
    expect(checkDocWrite(actor, group, ticket)).toEqual({ ok: true });
  });

  it('checks described records with the rules their forms use', () => {
    const ticket = { _id: 'tik-44444444-4444-4444-8444-444444444444', klass: 'Ticket', status: 'gone' };
    expect(checkDocWrite(actor, group, ticket)).toEqual({
      ok: false,
      status: 422,
      reason: {
        title: ["can't be blank"],
        status: ['is not included in the list'],
        priority: ["can't be blank"],
        ticket_kind: ["can't be blank"],
      },
    });
    expect(checkDocWrite(actor, group, { _id: 'ticket-series', klass: 'Comment' })).toMatchObject({ status: 403 });
    expect(checkDocWrite(actor, group, { _id: 'ticket-series', _deleted: true })).toMatchObject({ status: 403 });
  });

  it('refuses writes to databases the user cannot read', () => {
    expect(
      checkDocWrite(actor, 'usr-99999999-9999-4999-8999-999999999999', { _id: adj, klass: 'Adjustment' }),
    ).toMatchObject({ status: 403 });
  });

  it('judges a deletion or an overwrite by the stored document, not by the id or the klass sent (L6)', () => {
    const phone = 'phone-55555555-5555-4555-8555-555555555555';
    const stored = { _id: phone, klass: 'Phone' };
    // No prefix tells what the document is: only the stored version does.
    expect(checkDocWrite(actor, group, { _id: phone, _deleted: true }, { admin: false }, stored)).toMatchObject({
      status: 403,
    });
    expect(checkDocWrite(actor, group, { _id: phone, _deleted: true }, { admin: true }, stored)).toEqual({ ok: true });
    // Claiming another klass does not help, and a klass never changes.
    expect(checkDocWrite(actor, group, { _id: phone, klass: 'Note' }, { admin: false }, stored)).toMatchObject({
      status: 403,
    });
    expect(checkDocWrite(actor, group, { _id: phone, klass: 'Note' }, { admin: true }, stored)).toEqual({
      ok: false,
      status: 422,
      reason: { klass: ['is invalid'] },
    });
    const membership = { _id: 'x-1', klass: 'Membership' };
    expect(checkDocWrite(actor, group, { _id: 'x-1', _deleted: true }, { admin: true }, membership)).toMatchObject({
      status: 403,
    });
    // A deleted document is gone: recreating it is a new write.
    const gone = { _id: phone, klass: 'Phone', _deleted: true };
    expect(checkDocWrite(actor, group, { _id: phone, klass: 'Note' }, { admin: false }, gone)).toEqual({ ok: true });
  });

  it('refuses ids no URL can name as written', () => {
    for (const id of ['.', '..', 'a/b', 'a#b', 'a?b', 'a\\b', 'nul\u0000', 'rtl\u202e', 'x'.repeat(513)]) {
      expect(isAddressableId(id), JSON.stringify(id)).toBe(false);
      expect(checkDocWrite(actor, me, { _id: id, klass: 'Note' })).toMatchObject({
        status: 422,
        reason: { _id: ['is invalid'] },
      });
    }
    for (const id of [adj, 'ticket-series', '_design/x', '_local/y', 'a.b', '..a'])
      expect(isAddressableId(id)).toBe(true);
  });

  it('lets anyone who reads a document write a revision that changes nothing, and nothing more', () => {
    const setting = { _id: adj, _rev: '3-a', klass: 'Adjustment', key: 'checklist', value: 'disabled' };
    const same = { ...setting, _rev: '5-b', _revisions: { start: 5, ids: ['b', 'x', 'a'] } };
    expect(checkDocWrite(actor, group, same, { admin: false }, setting)).toEqual({ ok: true });
    expect(checkDocWrite(actor, group, { ...same, value: 'enabled' }, { admin: false }, setting)).toMatchObject({
      status: 403,
    });
    const withFile = { ...same, _attachments: { 'x.html': { content_type: 'text/html', data: 'PHA+' } } };
    expect(checkDocWrite(actor, group, withFile, { admin: false }, setting)).toMatchObject({ status: 403 });
    expect(checkDocWrite(actor, group, { _id: adj, _deleted: true }, { admin: false }, setting)).toMatchObject({
      status: 403,
    });
  });
});

describe('attachment writes: the next revision of their document (M1 of 2026-11-27)', () => {
  const seedFile = {
    content_type: 'text/plain',
    revpos: 2,
    digest: 'md5-XUFAKrxLKna5cZ2REBfFkg==',
    length: 5,
    stub: true,
  };
  const setting = { _id: adj, _rev: '2-a', klass: 'Adjustment', key: 'checklist', value: 'enabled' };
  const withSeed = { ...setting, _attachments: { 'seed.txt': seedFile } };
  const probe = { content_type: 'text/html', length: 8 };
  const ticket = {
    _id: 'tik-44444444-4444-4444-8444-444444444444',
    _rev: '1-a',
    klass: 'Ticket',
    title: 'Pump',
    status: 'open',
    priority: 'low',
    ticket_kind: 'bug',
  };

  it('refuses a member who adds or removes an attachment on an administrator’s setting', () => {
    expect(
      checkDocWrite(actor, group, withAttachment(setting, 'probe.html', probe), { admin: false }, setting),
    ).toEqual({ ok: false, status: 403, reason: 'You are not allowed to access this data' });
    expect(
      checkDocWrite(actor, group, withAttachment(withSeed, 'seed.txt', null), { admin: false }, withSeed),
    ).toMatchObject({ status: 403 });
  });

  it('lets records people write take attachments, and settings none, administrators included', () => {
    expect(takesAttachments('Ticket')).toBe(true);
    expect(takesAttachments('Adjustment')).toBe(false);
    expect(takesAttachments('ReaderItem')).toBe(false);
    expect(checkDocWrite(actor, group, withAttachment(ticket, 'photo.png', probe), { admin: false }, ticket)).toEqual({
      ok: true,
    });
    expect(checkDocWrite(actor, group, withAttachment(setting, 'probe.html', probe), { admin: true }, setting)).toEqual(
      {
        ok: false,
        status: 422,
        reason: { _attachments: ['is not allowed'] },
      },
    );
    // What got there before may be removed by whoever may change the document.
    expect(checkDocWrite(actor, group, withAttachment(withSeed, 'seed.txt', null), { admin: true }, withSeed)).toEqual({
      ok: true,
    });
    expect(checkDocWrite(actor, me, withAttachment(setting, 'x.txt', probe), { admin: false }, setting)).toMatchObject({
      status: 422,
      reason: { _attachments: ['is not allowed'] },
    });
  });

  it('refuses attachments on records only the server creates, and keeps their marks open', () => {
    const item = {
      _id: 'rit-66666666-6666-4666-8666-666666666666',
      _rev: '1-a',
      klass: 'ReaderItem',
      title: 'News',
      subscription_id: 'rsb-77777777-7777-4777-8777-777777777777',
      point_at: '2026-11-20T10:00:00Z',
    };
    expect(checkDocWrite(actor, group, withAttachment(item, 'x.html', probe), { admin: false }, item)).toMatchObject({
      status: 422,
      reason: { _attachments: ['is not allowed'] },
    });
    const marked = { ...item, read: true };
    expect(checkDocWrite(actor, group, marked, { admin: false }, item)).toEqual({ ok: true });
  });

  it('counts inline attachments in a document body as content: only stubs of what is stored are the same', () => {
    // A device putting back the stored revision (stubs) changes nothing.
    const back = { ...withSeed, _rev: '3-b', _attachments: { 'seed.txt': { stub: true, revpos: 2 } } };
    expect(checkDocWrite(actor, group, back, { admin: false }, withSeed)).toEqual({ ok: true });
    // Inline data, or a stub's digest the writer claims, is new content even when it names the stored digest.
    const inline = { 'seed.txt': { content_type: 'text/plain', digest: seedFile.digest, data: 'PHA+' } };
    expect(
      checkDocWrite(actor, group, { ...withSeed, _attachments: inline }, { admin: false }, withSeed),
    ).toMatchObject({ status: 403 });
    const forged = { 'other.txt': { ...seedFile } };
    expect(
      checkDocWrite(actor, group, { ...withSeed, _attachments: forged }, { admin: false }, withSeed),
    ).toMatchObject({ status: 403 });
    // Leaving the attachments out removes them: a change too.
    expect(checkDocWrite(actor, group, setting, { admin: false }, withSeed)).toMatchObject({ status: 403 });
    const inlineTicket = { ...ticket, _attachments: { 'x.png': { content_type: 'image/png', data: 'iVBO' } } };
    expect(checkDocWrite(actor, group, inlineTicket, { admin: false }, ticket)).toEqual({ ok: true });
  });

  it('runs the record’s rules on the next revision: a stored record that breaks them takes no attachment', () => {
    const wallet = { _id: 'wll-88888888-8888-4888-8888-888888888888', klass: 'Wallet', name: 'Conta', currency: 'BRL' };
    const income = {
      _id: 'inc-99999999-9999-4999-8999-999999999999',
      _rev: '1-a',
      klass: 'Income',
      date: '2026-11-20',
      description: 'Pay',
      wallet_id: wallet._id,
      value: 100,
      currency: 'USD',
    };
    const context = { settings: null, today: '2026-11-27', records: new Map([[wallet._id, wallet]]) };
    expect(
      checkDocWrite(actor, group, withAttachment(income, 'receipt.png', probe), { admin: false }, income, context),
    ).toMatchObject({ status: 422, reason: { currency: ["must be the wallet's currency"] } });
    const fixed = { ...income, currency: 'BRL' };
    expect(
      checkDocWrite(actor, group, withAttachment(fixed, 'receipt.png', probe), { admin: false }, fixed, context),
    ).toEqual({ ok: true });
  });

  it('builds the next revision without letting a name reach the object’s prototype', () => {
    const next = withAttachment(ticket, '__proto__', probe);
    expect(Object.keys(next._attachments as object)).toEqual(['__proto__']);
    expect(hasAttachment(next, '__proto__')).toBe(true);
    expect(hasAttachment(ticket, 'toString')).toBe(false);
    expect(withAttachment(next, '__proto__', null)).not.toHaveProperty('_attachments');
  });
});

describe('settings only the server writes (plans and billing)', () => {
  const admin = { admin: true };
  const serverKeys = [...SERVER_SETTING_KEYS];
  it.each(serverKeys)('refuses an administrator’s new, changed, renamed or deleted "%s"', (key) => {
    const forbidden = { ok: false, status: 403 };
    const stored = { _id: adj, _rev: '1-a', klass: 'Adjustment', key, value: 'free' };
    expect(checkDocWrite(actor, group, { _id: adj, klass: 'Adjustment', key, value: 'pro' }, admin)).toMatchObject(
      forbidden,
    );
    expect(checkDocWrite(actor, group, { ...stored, value: 'corp' }, admin, stored)).toMatchObject(forbidden);
    expect(checkDocWrite(actor, group, { ...stored, key: 'name', value: 'x' }, admin, stored)).toMatchObject(forbidden);
    const named = { ...stored, key: 'name', value: 'Shop' };
    expect(checkDocWrite(actor, group, { ...named, key, value: 'pro' }, admin, named)).toMatchObject(forbidden);
    expect(checkDocWrite(actor, group, { _id: adj, _deleted: true }, admin, stored)).toMatchObject(forbidden);
    // Putting back what the server wrote (a device discarding a refused change) changes nothing.
    expect(checkDocWrite(actor, group, { ...stored }, admin, stored)).toEqual({ ok: true });
  });

  it('covers the fields spec 000 gives the server', () => {
    for (const key of [
      'parent-account-id',
      'sub-groups',
      'confirmed-plan',
      'platform_customer_id',
      'platform_price_id',
      'livemode',
    ])
      expect(SERVER_SETTING_KEYS.has(key)).toBe(true);
  });

  it('still lets an administrator write the billing e-mail', () => {
    expect(
      checkDocWrite(actor, group, { _id: adj, klass: 'Adjustment', key: 'billing-email', value: 'a@b.co' }, admin),
    ).toEqual({ ok: true });
  });
});
