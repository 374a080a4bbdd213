// The embedded store's own process: PouchDB Server (express-pouchdb) on LevelDB, on a loopback
// port, started and supervised by the server (embedded-store.ts). It runs apart from the server's
// event loop, so whatever it evaluates or however long it takes, the server keeps answering.
// Every request must carry the admin credentials the server generated: nothing on loopback
// reaches it anonymously, not even `/`, `/_all_dbs` or `/_session`.
import { timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type express from 'express';

const require = createRequire(import.meta.url);

export interface StoreProcessOptions {
  dataDir: string;
  port: number;
  password: string;
}

interface CouchConfig {
  set(section: string, key: string, value: string, callback: (error?: Error | null) => void): void;
}

export type StoreProcessMessage = { type: 'ready'; port: number } | { type: 'failed'; code: string; message: string };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function start({ dataDir, port, password }: StoreProcessOptions): Promise<number> {
  const storeDir = path.join(dataDir, 'store');
  mkdirSync(storeDir, { recursive: true });
  // CommonJS packages without types, loaded only when the embedded store is used.
  // express-pouchdb mounts into the Express it was written for (4): Express 5, the server's, makes
  // `req.query` a getter it cannot write. Its own copy, beside it in node_modules.
  const createExpress = createRequire(require.resolve('express-pouchdb'))('express') as typeof express;
  const PouchDB = require('pouchdb') as { defaults: (opts: Record<string, unknown>) => unknown };
  const expressPouchDB = require('express-pouchdb') as (db: unknown, opts: Record<string, unknown>) => unknown;

  const expected = 'Basic ' + Buffer.from(`admin:${password}`).toString('base64');
  const pouchApp = expressPouchDB(PouchDB.defaults({ prefix: storeDir + path.sep }), {
    mode: 'fullCouchDB',
    inMemoryConfig: true,
    logPath: path.join(dataDir, 'store.log'),
    overrideMode: { exclude: ['routes/fauxton', 'routes/http-log'] },
  }) as express.RequestHandler & { couchConfig: CouchConfig };
  // The configuration lives in memory: each start names the admin again, which also ends
  // PouchDB Server's "admin party" (the gate below keeps everyone else out regardless).
  await new Promise<void>((resolve, reject) =>
    pouchApp.couchConfig.set('admins', 'admin', password, (error) => (error ? reject(error) : resolve())),
  );
  const app = createExpress();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    if (sameSecret(req.headers.authorization ?? '', expected)) return next();
    res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' });
  });
  app.use(pouchApp);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
  const actual = (server.address() as { port: number }).port;
  // The admin's hash is written asynchronously: ready once the store knows us as its admin.
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`http://127.0.0.1:${actual}/_session`, { headers: { authorization: expected } });
    const session = (await res.json()) as { userCtx?: { roles?: string[] } };
    if (session.userCtx?.roles?.includes('_admin')) return actual;
    if (attempt >= 100) throw new Error(`the store does not accept its admin (${res.status})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function send(message: StoreProcessMessage): void {
  process.send?.(message);
}

// The server hands over the options through IPC (never argv or the environment, which other local
// users may read); the store leaves with its parent.
process.on('disconnect', () => process.exit(0));
process.once('message', (options: StoreProcessOptions) => {
  start(options).then(
    (port) => send({ type: 'ready', port }),
    (error: NodeJS.ErrnoException) => {
      send({ type: 'failed', code: error.code ?? 'ERROR', message: error.message });
      process.exit(1);
    },
  );
});
// An unhandled rejection inside a store plugin must not linger half-alive: the supervisor restarts us.
process.on('unhandledRejection', (error) => {
  console.error('store: unhandled rejection', error);
  process.exit(1);
});
