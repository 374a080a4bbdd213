// Composes the server: one origin for the PWA, `/db` (CouchDB API behind our door) and `/api`.
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { asyncRoute } from './http/async-route.ts';
import { BodyBudget, KB, MB, readJsonBody } from './http/body.ts';
import { errorHandler, notFound } from './http/http-error.ts';
import { requestLog } from './http/request-log.ts';
import { sameOriginWrites } from './http/same-origin.ts';
import { dataHeaders, pageHeaders } from './http/security-headers.ts';
import { OpenFeeds } from './proxy/open-feeds.ts';
import { accountApiRoutes } from './routes/account-api.ts';
import { billingWebhookRoutes, checkoutRoute, groupWriteGuard, usageRoute } from './routes/billing-routes.ts';
import { dbRoutes } from './routes/db-routes.ts';
import { exportRoutes } from './routes/export-routes.ts';
import { groupApiRoutes } from './routes/group-routes.ts';
import { pwaRoutes } from './routes/pwa-routes.ts';
import { unsubscribeRoutes } from './routes/unsubscribe-routes.ts';
import { mailPreferencesRoutes } from './routes/mail-preferences-routes.ts';
import { loadSessionSecret, prepareServerDatabase, prepareStore, upgradeDatabases } from './services/bootstrap.ts';
import { type ByteStore, FileByteStore } from './services/byte-store.ts';
import { JobQueue } from './services/jobs.ts';
import { registerNewsletterJobs } from './services/newsletter.ts';
import { paymentLinkRoute, registerPaymentLinkJobs } from './services/payment-link.ts';
import { S3ByteStore } from './services/s3-byte-store.ts';
import { createMailer } from './services/mail.ts';
import { registerBillingJobs, seedPrices } from './services/billing.ts';
import { USAGE_TASK } from './services/usage.ts';
import { weeklySummaryTask } from './services/weekly-summary.ts';
import { checkModules, type ModuleInstance, SERVER_MODULES } from './modules/index.ts';
import { migratePendingClaims, registerAccountJobs } from './services/users.ts';
import { CouchClient } from './store/couch-client.ts';
import { type EmbeddedStore, startEmbeddedStore } from './store/embedded-store.ts';

const API_DOCS = fileURLToPath(new URL('./API.md', import.meta.url));

export interface RunningServer {
  url: string;
  ctx: AppContext;
  /** The embedded store's process, when there is one. */
  embedded: EmbeddedStore | null;
  /** What each module runs on this instance (kit.ts `instance`), by module kind. */
  instances: Readonly<Record<string, ModuleInstance>>;
  close: () => Promise<void>;
}

/** Bytes of request bodies one instance holds at once; past it, requests are asked to retry (503). */
const BODY_BUDGET = 256 * MB;
/** `/api` bodies are forms: small. */
const API_BODY_LIMIT = 64 * KB;

function readVersion(distDir: string): AppContext['version'] {
  const file = path.join(distDir, 'version.json');
  if (!existsSync(file)) return { version: 'dev', sha: 'dev' };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version: string; sha: string };
  return { version: parsed.version, sha: parsed.sha };
}

function openByteStore(config: Config): ByteStore {
  const where = config.byteStore;
  return where.kind === 's3' ? new S3ByteStore(where.location) : new FileByteStore(where.root);
}

export function createApp(ctx: AppContext): express.Express {
  const app = express();
  const https = ctx.config.publicUrl.startsWith('https:');
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.use((_req, res, next) => {
    res.setHeader('X-App-Version', ctx.version.version);
    next();
  });
  app.use(requestLog(ctx.config.log));
  const writesFromOurPages = sameOriginWrites(ctx.config.publicUrl);
  // The payment provider is no browser, and signs the exact bytes it sends: before any parser.
  app.use('/api/billing', dataHeaders(https), billingWebhookRoutes(ctx));
  // No body parser here: each /db endpoint reads its body after authentication, with its own limit.
  app.use('/db', dataHeaders(https), writesFromOurPages, dbRoutes(ctx));
  // A mail client posts the one-click unsubscribe from its own servers: no Origin check (the link is signed).
  app.use('/unsubscribe', pageHeaders(https), unsubscribeRoutes(ctx));
  // An e-mail's preferences page: a signed link too, but its form posts only from our own page.
  app.use('/email-preferences', pageHeaders(https), mailPreferencesRoutes(ctx));
  app.get('/api/docs', (_req, res) => {
    res.type('text/markdown; charset=utf-8').sendFile(API_DOCS);
  });
  const apiJson = asyncRoute(async (req, _res, next) => {
    req.body = (await readJsonBody(req, API_BODY_LIMIT, ctx.bodies, { optional: true })) ?? {};
    next();
  });
  // Paying is how a read-only group writes again: before the guard.
  app.post('/api/groups/:db/checkout', dataHeaders(https), writesFromOurPages, apiJson, checkoutRoute(ctx));
  app.post('/api/groups/:db/payment-link', dataHeaders(https), writesFromOurPages, paymentLinkRoute(ctx));
  app.get('/api/groups/:db/usage', dataHeaders(https), usageRoute(ctx));
  // Reads only: a read-only group's administrators take their data away too.
  app.use('/api/groups/:db', dataHeaders(https), exportRoutes(ctx));
  app.use('/api/groups/:db', groupWriteGuard(ctx));
  // Before the JSON body parser: each module's route reads its own body (an import may be XML).
  for (const module of SERVER_MODULES)
    if (module.routes) app.use('/api/groups/:db', dataHeaders(https), writesFromOurPages, module.routes(ctx));
  app.use('/api', dataHeaders(https), writesFromOurPages, apiJson, accountApiRoutes(ctx), groupApiRoutes(ctx));
  app.use('/api', (_req, _res, next) => next(notFound()));
  app.use(pwaRoutes(ctx, https));
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(ctx.config.log));
  return app;
}

export async function startServer(config: Config): Promise<RunningServer> {
  checkModules();
  const embedded = config.couchdbUrl ? null : await startEmbeddedStore(config.dataDir, { log: config.log });
  const store = new CouchClient(config.couchdbUrl ?? embedded!.url);
  const jobs = new JobQueue(() => ctx);
  registerAccountJobs(jobs);
  registerBillingJobs(jobs);
  registerNewsletterJobs(jobs);
  registerPaymentLinkJobs(jobs);
  jobs.every(USAGE_TASK);
  jobs.every(weeklySummaryTask(SERVER_MODULES));
  const instances: Record<string, ModuleInstance> = {};
  for (const module of SERVER_MODULES) {
    for (const [type, handler] of Object.entries(module.jobs ?? {})) jobs.register(type, handler);
    for (const task of module.tasks ?? []) jobs.every(task);
    if (module.instance) instances[module.kind] = module.instance(() => ctx, jobs);
  }
  const feeds = new OpenFeeds();
  let ctx: AppContext;
  try {
    await prepareStore(store);
    for (const module of SERVER_MODULES) {
      for (const db of module.databases ?? []) await prepareServerDatabase(store, db);
      await module.prepare?.(store);
    }
    ctx = {
      config,
      store,
      mailer: createMailer(config),
      sessionSecret: await loadSessionSecret(store, config.sessionSecret),
      version: readVersion(config.distDir),
      now: () => new Date(),
      jobs,
      feeds,
      bodies: new BodyBudget(BODY_BUDGET),
      bytes: openByteStore(config),
    };
    const changed = await upgradeDatabases(ctx);
    if (changed > 0) config.log(`store: updated ${changed} design document(s)`);
    await seedPrices(ctx);
    const moved = await migratePendingClaims(ctx);
    if (moved > 0) config.log(`accounts: ${moved} unconfirmed address claim(s) became pending notes`);
    const server = await new Promise<Server>((resolve, reject) => {
      const s = createApp(ctx).listen(config.port, config.host, () => resolve(s));
      s.on('error', reject);
    });
    jobs.start();
    feeds.start(ctx);
    for (const instance of Object.values(instances)) instance.start();
    const port = (server.address() as AddressInfo).port;
    return {
      url: `http://localhost:${port}`,
      ctx,
      embedded,
      instances,
      close: async () => {
        feeds.stop();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        for (const instance of Object.values(instances)) await instance.stop();
        await jobs.stop();
        await embedded?.close();
      },
    };
  } catch (error) {
    await embedded?.close();
    throw error;
  }
}
