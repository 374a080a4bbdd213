// The embedded CouchDB-compatible store: PouchDB Server (express-pouchdb) on LevelDB,
// listening on a random loopback port. Our server is its only client and speaks HTTP
// to it with admin credentials, exactly as it would to Apache CouchDB.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type express from 'express';

const require = createRequire(import.meta.url);

export interface EmbeddedStore {
  /** Base URL with admin credentials, e.g. http://admin:secret@127.0.0.1:PORT */
  url: string;
  close: () => Promise<void>;
}

export async function startEmbeddedStore(dataDir: string): Promise<EmbeddedStore> {
  const storeDir = path.join(dataDir, 'store');
  mkdirSync(storeDir, { recursive: true });
  // CommonJS packages without types, loaded only when the embedded store is used.
  const createExpress = require('express') as typeof express;
  const PouchDB = require('pouchdb') as {
    defaults: (opts: Record<string, unknown>) => unknown;
  };
  const expressPouchDB = require('express-pouchdb') as (
    db: unknown,
    opts: Record<string, unknown>,
  ) => express.RequestHandler;

  const StorePouch = PouchDB.defaults({ prefix: storeDir + path.sep });
  const app = createExpress();
  app.use(
    expressPouchDB(StorePouch, {
      mode: 'fullCouchDB',
      inMemoryConfig: true,
      logPath: path.join(dataDir, 'store.log'),
      overrideMode: { exclude: ['routes/fauxton', 'routes/http-log'] },
    }),
  );
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  // A fresh admin per process: nobody but this process ever needs it, and configuring it
  // immediately ends PouchDB Server's "admin party" before our server accepts requests.
  const password = randomBytes(24).toString('base64url');
  const res = await fetch(`${base}/_config/admins/admin`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(password),
  });
  if (!res.ok) throw new Error(`embedded store: cannot configure admin (${res.status})`);
  return {
    url: `http://admin:${password}@127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
