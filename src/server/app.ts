// Composes the server: one origin for the PWA, `/db` (CouchDB API behind our door) and `/api`.
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { Config } from './config';
import type { AppContext } from './context';
import { errorHandler, notFound } from './http/http-error';
import { requestLog } from './http/request-log';
import { accountApiRoutes } from './routes/account-api';
import { dbProxyRoutes } from './routes/db-proxy';
import { groupApiRoutes, groupDbRoutes } from './routes/group-routes';
import { pwaRoutes } from './routes/pwa-routes';
import { sessionRoutes } from './routes/session-routes';
import { loadSessionSecret, prepareStore, upgradeDatabases } from './services/bootstrap';
import { createMailer } from './services/mail';
import { CouchClient } from './store/couch-client';
import { startEmbeddedStore } from './store/embedded-store';

const API_DOCS = fileURLToPath(new URL('./API.md', import.meta.url));

export interface RunningServer {
  url: string;
  ctx: AppContext;
  close: () => Promise<void>;
}

function readVersion(distDir: string): AppContext['version'] {
  const file = path.join(distDir, 'version.json');
  if (!existsSync(file)) return { version: 'dev', sha: 'dev' };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version: string; sha: string };
  return { version: parsed.version, sha: parsed.sha };
}

export function createApp(ctx: AppContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use((_req, res, next) => {
    res.setHeader('X-App-Version', ctx.version.version);
    next();
  });
  app.use(requestLog(ctx.config.log));
  const json = express.json({ limit: '50mb', type: ['application/json', 'application/*+json'] });
  const raw = express.raw({
    limit: '50mb',
    type: (req) => !String(req.headers['content-type'] ?? '').includes('json'),
  });
  const form = express.urlencoded({ extended: false, limit: '1mb' });
  app.use('/db', json, form, raw, sessionRoutes(ctx), groupDbRoutes(ctx), dbProxyRoutes(ctx));
  app.use('/db', (_req, _res, next) => next(notFound()));
  app.get('/api/docs', (_req, res) => {
    res.type('text/markdown; charset=utf-8').sendFile(API_DOCS);
  });
  app.use('/api', json, accountApiRoutes(ctx), groupApiRoutes(ctx));
  app.use('/api', (_req, _res, next) => next(notFound()));
  app.use(pwaRoutes(ctx));
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(ctx.config.log));
  return app;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const embedded = config.couchdbUrl ? null : await startEmbeddedStore(config.dataDir);
  const store = new CouchClient(config.couchdbUrl ?? embedded!.url);
  try {
    await prepareStore(store);
    const ctx: AppContext = {
      config,
      store,
      mailer: createMailer(config),
      sessionSecret: await loadSessionSecret(store, config.sessionSecret),
      version: readVersion(config.distDir),
      now: () => new Date(),
    };
    const changed = await upgradeDatabases(ctx);
    if (changed > 0) config.log(`store: updated ${changed} design document(s)`);
    const server = await new Promise<Server>((resolve, reject) => {
      const s = createApp(ctx).listen(config.port, config.host, () => resolve(s));
      s.on('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    return {
      url: `http://localhost:${port}`,
      ctx,
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await embedded?.close();
      },
    };
  } catch (error) {
    await embedded?.close();
    throw error;
  }
}
