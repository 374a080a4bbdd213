import type { Config } from './config.ts';
import type { BodyBudget } from './http/body.ts';
import type { ByteStore } from './services/byte-store.ts';
import type { OpenFeeds } from './proxy/open-feeds.ts';
import type { JobQueue } from './services/jobs.ts';
import type { Mailer } from './services/mail.ts';
import type { CouchClient } from './store/couch-client.ts';

/** What every service needs, passed explicitly (no module-level singletons). */
export interface AppContext {
  config: Config;
  store: CouchClient;
  mailer: Mailer;
  sessionSecret: string;
  version: { version: string; sha: string };
  now: () => Date;
  /** Work done off the request path (e-mails), by any instance. */
  jobs: JobQueue;
  /** This instance's open change feeds, judged again when access changes. */
  feeds: OpenFeeds;
  /** Request body bytes this instance holds at once. */
  bodies: BodyBudget;
  /** Contents kept apart from the databases (a file's bytes), by hash. */
  bytes: ByteStore;
}

/** The server's own databases. */
export const USERS_DB = 'moneta-users';
export const SYSTEM_DB = 'moneta-system';
