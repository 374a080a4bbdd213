// Sync never loses or strands a device's work: outcomes are per document. The app's own data
// layer (src/data) in Node with fake IndexedDB, as a member's device, against the real server.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDb } from '../../src/data/databases.ts';
import { registeredReplicas } from '../../src/data/replica-registry.ts';
import { pendingCount, refusedChanges } from '../../src/data/pending-writes.ts';
import { findRecords, getRecord, saveRecord } from '../../src/data/records.ts';
import { refreshReplica } from '../../src/data/replicas.ts';
import { syncOnce } from '../../src/data/sync.ts';
import { syncStatus } from '../../src/data/sync-store.ts';
import { discardRefusedChange, exportUnsent, removeCopy, unsentCounts } from '../../src/data/unsent.ts';
import { addMember, confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server.url);
  await confirmUser(server, owner);
});
afterAll(() => server.stop());

/** A group of the owner's with a (non-admin) member whose device this process plays. */
async function memberDevice(name: string) {
  const db = await createGroup(owner, name);
  const member = await addMember(server, owner, db);
  const remote = { origin: server.url, headers: { cookie: member.client.cookieHeader } };
  await syncOnce(db, remote);
  return { db, member, remote };
}

const customer = (name: string) => ({ _id: `cus-${crypto.randomUUID()}`, klass: 'Customer', name });

describe('a change the server refuses', () => {
  it('is recorded with its reason while every other change reaches the server', async () => {
    const { db, remote } = await memberDevice('Outcomes');
    const before = customer('Before the refusals');
    await saveRecord(db, before);
    // Settings are the administrators': refused with 403.
    const [setting] = await findRecords<{ _id: string; _rev: string }>(db, {
      selector: { klass: 'Adjustment', key: 'checklist' },
      limit: 10,
    });
    await saveRecord(db, { ...setting!, value: 'enabled' });
    // A rule this device did not know (an older app version): refused with 422.
    const ticket = {
      _id: `tik-${crypto.randomUUID()}`,
      klass: 'Ticket',
      title: 'Odd',
      status: 'gone',
      priority: 'low',
      ticket_kind: 'chore',
    };
    await saveRecord(db, ticket);
    const after = customer('After the refusals');
    await saveRecord(db, after);
    expect(await pendingCount(localDb(db))).toBe(4);

    await syncOnce(db, remote);
    expect(await pendingCount(localDb(db))).toBe(0);
    for (const { _id } of [before, after]) expect((await owner.client.get(`/db/${db}/${_id}`)).status).toBe(200);
    const refused = await refusedChanges(localDb(db));
    expect(refused.map((r) => [r.id, r.status])).toEqual(
      expect.arrayContaining([
        [setting!._id, 403],
        [ticket._id, 422],
      ]),
    );
    expect(refused.find((r) => r.id === ticket._id)!.reason).toEqual({ status: ['is not included in the list'] });
    expect(syncStatus(db)).toMatchObject({ pending: 0, refused: 2, error: null });

    // The next change flows as usual.
    const later = customer('Later');
    await saveRecord(db, later);
    await syncOnce(db, remote);
    expect((await owner.client.get(`/db/${db}/${later._id}`)).status).toBe(200);
    expect((await refusedChanges(localDb(db))).length).toBe(2);
  });

  it('is fixed by a new change, or discarded back to what the server has', async () => {
    const { db, remote } = await memberDevice('Fix or discard');
    const [setting] = await findRecords<{ _id: string; _rev: string; value: string }>(db, {
      selector: { klass: 'Adjustment', key: 'checklist' },
      limit: 10,
    });
    const refusedSetting = await saveRecord(db, { ...setting!, value: 'enabled' });
    const ticket = {
      _id: `tik-${crypto.randomUUID()}`,
      klass: 'Ticket',
      title: 'Odd',
      status: 'gone',
      priority: 'low',
      ticket_kind: 'chore',
    };
    const refusedTicket = await saveRecord(db, ticket);
    const onlyHere = { ...customer('x'), klass: 'Phone', _id: `pho-${crypto.randomUUID()}` };
    await saveRecord(db, onlyHere);
    await syncOnce(db, remote);
    expect((await refusedChanges(localDb(db))).length).toBe(3);

    // Fixed: the same ticket with a valid status is taken, and its refusal goes.
    await saveRecord(db, { ...refusedTicket, status: 'open' });
    await syncOnce(db, remote);
    expect((await owner.client.get<{ status: string }>(`/db/${db}/${ticket._id}`)).body.status).toBe('open');
    // Discarded: the setting is the server's again on this device, and stays so after sync.
    await discardRefusedChange(db, refusedSetting._id, remote);
    await syncOnce(db, remote);
    expect(await getRecord(db, setting!._id)).toMatchObject({ value: 'disabled' });
    // Discarded, never on the server: gone from this device, and its deletion is not pushed.
    await discardRefusedChange(db, onlyHere._id, remote);
    await syncOnce(db, remote);
    expect(await getRecord(db, onlyHere._id)).toBeNull();
    expect((await refusedChanges(localDb(db))).map((r) => [r.id, r.reason])).toEqual([]);
    expect(await pendingCount(localDb(db))).toBe(0);
    expect((await owner.client.get(`/db/${db}/${onlyHere._id}`)).status).toBe(404);
  });

  it('never removes the device’s copy of the group (a per-document refusal is no lost access)', async () => {
    const { db, remote } = await memberDevice('Kept');
    const [setting] = await findRecords<{ _id: string; _rev: string }>(db, {
      selector: { klass: 'Adjustment', key: 'billing' },
      limit: 10,
    });
    await saveRecord(db, { ...setting!, value: 'enabled' });
    const mine = await saveRecord(db, customer('Mine'));
    await refreshReplica(db, remote);
    expect(registeredReplicas()).toContain(db);
    expect(await getRecord(db, mine._id)).not.toBeNull();
    expect((await owner.client.get(`/db/${db}/${mine._id}`)).status).toBe(200);
  });
});

describe('losing access to the group', () => {
  async function remove(db: string, membershipId: string) {
    const doc = await owner.client.get<{ _rev: string }>(`/db/${db}/${membershipId}`);
    expect((await owner.client.delete(`/db/${db}/${membershipId}?rev=${doc.body._rev}`)).status).toBe(200);
  }

  it('keeps the copy while it holds unsent work, offers it for export, and removes it when asked', async () => {
    const { db, member, remote } = await memberDevice('Removed with work');
    const offline = await saveRecord(db, customer('Written offline'));
    await remove(db, member.membershipId);
    await expect(refreshReplica(db, remote)).rejects.toMatchObject({ status: 403 });
    expect(registeredReplicas()).toContain(db);
    expect(syncStatus(db).revoked).toBe(true);
    expect(await unsentCounts()).toContainEqual({ name: db, count: 1 });
    const exported = JSON.parse(await exportUnsent(db)) as { changes: Array<{ id: string; doc: { name: string } }> };
    expect(exported.changes).toEqual([
      expect.objectContaining({ id: offline._id, doc: expect.objectContaining({ name: 'Written offline' }) }),
    ]);
    await removeCopy(db);
    expect(registeredReplicas()).not.toContain(db);
  });

  it('removes the copy at once when nothing is left to send', async () => {
    const { db, member, remote } = await memberDevice('Removed, all sent');
    await remove(db, member.membershipId);
    await expect(refreshReplica(db, remote)).rejects.toMatchObject({ status: 403 });
    expect(registeredReplicas()).not.toContain(db);
    // Opened again, the replica is empty: the copy went with the access.
    expect((await localDb(db).info()).doc_count).toBe(0);
  });
});
