// Several instances starting at once on one store (a rolling deploy, the tests' instances) prepare
// the same server databases together: every one of them must come up.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareServerDatabase } from '../../src/server/services/bootstrap.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

it('prepares a server database from many instances at once, closed to every person', async () => {
  const db = `moneta-race-${Date.now().toString(36)}`;
  const outcomes = await Promise.allSettled(
    Array.from({ length: 8 }, () => prepareServerDatabase(server.ctx.store, db)),
  );
  expect(
    outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
  ).toEqual([]);
  const security = await server.ctx.store.must<{ members?: { roles?: string[] } }>(`/${db}/_security`);
  expect(security.members?.roles).toEqual(['_admin']);
});
