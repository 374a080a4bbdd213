import type { Config } from './config';
import type { Mailer } from './services/mail';
import type { CouchClient } from './store/couch-client';

/** What every service needs, passed explicitly (no module-level singletons). */
export interface AppContext {
  config: Config;
  store: CouchClient;
  mailer: Mailer;
  sessionSecret: string;
  version: { version: string; sha: string };
  now: () => Date;
}

/** The server's own databases. */
export const USERS_DB = 'moneta-users';
export const SYSTEM_DB = 'moneta-system';
