// The daily usage snapshot (docs/billing.md "Usage"): the server counts a group's documents and
// their bytes kind by kind once a day, on one instance under the periodic task's lease, keeps the
// last 90 days, and answers them to the group's members; a group asked before the day's run gets
// today's snapshot taken then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { USAGE_TASK, takeUsageSnapshots } from '../../src/server/services/usage.ts';
import { SYSTEM_DB } from '../../src/server/context.ts';
import { ownerWithGroup, registerUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface Usage {
  days: Array<{ day: string; kinds: Record<string, { amount: number; size: number }> }>;
}

describe('usage', () => {
  it('is taken daily by the periodic task and answered to members only, kind by kind', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Oficina Usage');
    const docs = Array.from({ length: 3 }, (_, i) => ({
      _id: newId('Customer'),
      klass: 'Customer',
      name: `Cliente ${i}`,
    }));
    expect((await owner.client.post(`/db/${db}/_bulk_docs`, { docs })).status).toBe(201);

    // The task is registered on the job queue's periodic tasks (its lease document is in the system database).
    await expect
      .poll(async () => Boolean(await server.ctx.store.get(SYSTEM_DB, USAGE_TASK.id)), { timeout: 10_000 })
      .toBe(true);
    const result = await takeUsageSnapshots(server.ctx);
    expect(result.groups).toBeGreaterThanOrEqual(1);

    const res = await owner.client.get<Usage>(`/api/groups/${db}/usage`);
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.days.at(-1)?.day).toBe(today);
    const customers = res.body.days.at(-1)!.kinds.Customer!;
    expect(customers.amount).toBe(3);
    const bytes = docs.reduce((sum, d) => sum + JSON.stringify(d).length, 0);
    // The stored documents carry a revision and the door's bookkeeping beside what was sent.
    expect(customers.size).toBeGreaterThan(bytes);
    expect(res.body.days.at(-1)!.kinds.Adjustment!.amount).toBeGreaterThan(0);

    const stranger = await registerUser(server.url);
    expect((await stranger.client.get(`/api/groups/${db}/usage`)).status).toBe(403);
  });

  it('takes today’s snapshot when a group is asked for before the day’s run, and keeps one a day', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Oficina Fresh');
    const first = await owner.client.get<Usage>(`/api/groups/${db}/usage`);
    expect(first.status).toBe(200);
    expect(first.body.days).toHaveLength(1);
    const doc = { _id: newId('Customer'), klass: 'Customer', name: 'Novo' };
    expect((await owner.client.post(`/db/${db}`, doc)).status).toBe(201);
    // Today's is kept until the next run; the run replaces it rather than adding a day.
    expect((await owner.client.get<Usage>(`/api/groups/${db}/usage`)).body.days[0]!.kinds.Customer).toBeUndefined();
    await takeUsageSnapshots(server.ctx);
    const after = await owner.client.get<Usage>(`/api/groups/${db}/usage`);
    expect(after.body.days).toHaveLength(1);
    expect(after.body.days[0]!.kinds.Customer!.amount).toBe(1);
  });
});
