// The integration suite's second run (project `integration-external`): the servers a test file
// starts use a CouchDB-API store they did not start and do not supervise, reached by COUCHDB_URL
// with admin credentials, as in production with Apache CouchDB. The store is the embedded one's
// own process (PouchDB Server), started apart on its own port with its own admin password.
// One store per test file: servers of one file share it (as instances share a cluster), while
// files running side by side never see each other's users, jobs or e-mails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type EmbeddedStore, startEmbeddedStore } from '../../src/server/store/embedded-store.ts';
import { TEST_STORE_VARIABLE } from './test-server.ts';

let store: EmbeddedStore | undefined;
let dir: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moneta-external-store-'));
  store = await startEmbeddedStore(dir, { log: (line) => console.log(`external store: ${line}`) });
  process.env[TEST_STORE_VARIABLE] = store.url;
});

afterAll(async () => {
  delete process.env[TEST_STORE_VARIABLE];
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
