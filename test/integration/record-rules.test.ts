// Rules about a change see the stored version beside the new one, on every write path: a done
// ticket only reopens, whether the write comes from the app, a script's PUT, a _bulk_docs or a
// device's replication.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_TICKET_ONLY_REOPENS } from '../../src/domain/modules/ticket/ticket-edits.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Rules'));
});
afterAll(() => server.stop());

/** A ticket stored as done; returns its id and revision. */
async function doneTicket(): Promise<{ id: string; rev: string; doc: Record<string, unknown> }> {
  const id = `tik-${crypto.randomUUID()}`;
  const doc = { klass: 'Ticket', title: 'Pump', status: 'done', priority: 'low', ticket_kind: 'chore' };
  const res = await owner.client.put<{ rev: string }>(`/db/${db}/${id}`, doc);
  expect(res.status).toBe(201);
  return { id, rev: res.body.rev, doc };
}

const refusal = { status: [CLOSED_TICKET_ONLY_REOPENS] };

describe('a done ticket', () => {
  it('cannot move but to open through a PUT', async () => {
    const { id, rev, doc } = await doneTicket();
    const doing = await owner.client.put(`/db/${db}/${id}?rev=${rev}`, { ...doc, status: 'doing' });
    expect(doing).toMatchObject({ status: 422, body: { error: 'unprocessable_entity', reason: refusal } });
    const reopened = await owner.client.put(`/db/${db}/${id}?rev=${rev}`, { ...doc, status: 'open' });
    expect(reopened.status).toBe(201);
  });

  it('cannot move but to open through _bulk_docs, each document judged on its own', async () => {
    const { id, rev, doc } = await doneTicket();
    const other = { _id: `cus-${crypto.randomUUID()}`, klass: 'Customer', name: 'Fine' };
    const res = await owner.client.post<Array<{ id: string; error?: string; reason?: unknown }>>(
      `/db/${db}/_bulk_docs`,
      {
        docs: [{ ...doc, _id: id, _rev: rev, status: 'review' }, other],
      },
    );
    expect(res.body[0]).toMatchObject({ id, error: 'unprocessable_entity', reason: refusal });
    expect(res.body[1]).toMatchObject({ id: other._id, ok: true });
  });

  it('refuses a replicated revision that moves it, as CouchDB reports a failed validation', async () => {
    const { id, rev, doc } = await doneTicket();
    const hash = 'b'.repeat(32);
    const res = await owner.client.post<Array<{ id: string; error?: string; name?: string; status?: number }>>(
      `/db/${db}/_bulk_docs`,
      {
        new_edits: false,
        docs: [
          {
            ...doc,
            _id: id,
            _rev: `2-${hash}`,
            _revisions: { start: 2, ids: [hash, rev.slice(2)] },
            status: 'doing',
          },
        ],
      },
    );
    expect(res.body).toEqual([
      expect.objectContaining({
        id,
        rev: `2-${hash}`,
        error: 'forbidden',
        name: 'forbidden',
        status: 422,
        reason: refusal,
      }),
    ]);
    expect((await owner.client.get<{ status: string }>(`/db/${db}/${id}`)).body.status).toBe('done');
  });
});
