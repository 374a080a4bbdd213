import { describe, expect, it } from 'vitest';
import { type Actor, allowsOperation, canReadDatabase, checkDocWrite, classifyDbRequest } from './permissions';

const me = 'usr-11111111-1111-4111-8111-111111111111';
const group = 'acc-22222222-2222-4222-8222-222222222222';
const actor: Actor = { name: me, roles: [me, group], permission: 'full' };
const adj = 'adj-33333333-3333-4333-8333-333333333333';

describe('classifyDbRequest', () => {
  it.each([
    ['GET', [], 'read'],
    ['GET', ['_all_docs'], 'read'],
    ['POST', ['_find'], 'read'],
    ['POST', ['_bulk_get'], 'read'],
    ['POST', ['_revs_diff'], 'read'],
    ['GET', ['_changes'], 'read'],
    ['GET', ['_design', 'settings', '_view', 'by-key'], 'read'],
    ['POST', ['_design', 'settings', '_view', 'by-key'], 'read'],
    ['PUT', ['_local', 'abc'], 'local'],
    ['POST', ['_bulk_docs'], 'write'],
    ['PUT', [adj], 'write'],
    ['DELETE', [adj], 'write'],
    ['PUT', [adj, 'photo.jpg'], 'write'],
    ['POST', [], 'write'],
    ['PUT', [], 'denied'],
    ['DELETE', [], 'denied'],
    ['PUT', ['_security'], 'denied'],
    ['PUT', ['_design', 'x'], 'denied'],
    ['PUT', ['_design', 'x', '_update', 'f', 'id'], 'update'],
    ['PUT', ['_design', 'x', '_update', 'f'], 'denied'],
    ['POST', ['_compact'], 'denied'],
    ['POST', ['_purge'], 'denied'],
    ['POST', ['_index'], 'denied'],
    ['COPY', [adj], 'denied'],
  ] as const)('%s /db/%s → %s', (method, segments, kind) => {
    expect(classifyDbRequest(method, segments).kind).toBe(kind);
  });
});

describe('who reads which database', () => {
  it('lets a user read only their personal database and groups in their roles', () => {
    expect(canReadDatabase(actor, me)).toBe(true);
    expect(canReadDatabase(actor, group)).toBe(true);
    expect(canReadDatabase(actor, 'usr-99999999-9999-4999-8999-999999999999')).toBe(false);
    expect(canReadDatabase(actor, 'acc-99999999-9999-4999-8999-999999999999')).toBe(false);
    expect(canReadDatabase(actor, 'moneta-users')).toBe(false);
  });

  it('allows only the listed update handlers, each in its kind of database', () => {
    const update = (handler: string) => ({ kind: 'update', handler, docId: 'mem-1' }) as const;
    expect(allowsOperation(actor, update('bookmark/true'), me)).toBe(true);
    expect(allowsOperation(actor, update('bookmark/true'), group)).toBe(false);
    expect(allowsOperation(actor, update('status/accept'), group)).toBe(true);
    expect(allowsOperation(actor, update('settings/anything'), me)).toBe(false);
    expect(allowsOperation({ ...actor, permission: 'read' }, update('bookmark/true'), me)).toBe(false);
  });

  it('keeps read tokens to reads', () => {
    const reader: Actor = { ...actor, permission: 'read' };
    expect(allowsOperation(reader, { kind: 'read' })).toBe(true);
    expect(allowsOperation(reader, { kind: 'local' })).toBe(false);
    expect(allowsOperation(reader, { kind: 'write', body: 'doc' })).toBe(false);
    expect(allowsOperation(actor, { kind: 'denied' })).toBe(false);
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
});
