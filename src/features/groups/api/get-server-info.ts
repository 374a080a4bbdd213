import { request } from '../../../data/http-client.ts';

/** What `GET /db/` says about this deployment beyond CouchDB's welcome. */
export interface ServerInfo {
  /** Where the system notifications feed is (absolute or same-origin), or null. */
  notifications_url?: string | null;
  /** Host name → module it is served as (spec 000 §1: the module comes from the host). */
  host_modules?: Record<string, string>;
}

export function getServerInfo(): Promise<ServerInfo> {
  return request('GET', '/db/', { quiet: true });
}
