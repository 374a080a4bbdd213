// Where a group's record and settings are read on the server, kept light (no replica, no module
// descriptions): the page's first code asks for them early on a group's first visit
// (src/app/start-session.ts), and the group store's reads then take those answers.
import { askEarly } from '../../../data/http-client.ts';
import { holdsReplica } from '../../../data/replica-registry.ts';
import { ID_PREFIXES, isId } from '../../../domain/ids.ts';

export const accountPath = (accountId: string) => `/db/accounts/${encodeURIComponent(accountId)}`;

/** Every setting document of the group: the same id range as the device's copy is read by. */
export function adjustmentsPath(accountId: string): string {
  const prefix = `${ID_PREFIXES.Adjustment}-`;
  const range = new URLSearchParams({
    include_docs: 'true',
    startkey: JSON.stringify(prefix),
    endkey: JSON.stringify(`${prefix}\ufff0`),
  });
  return `/db/${encodeURIComponent(accountId)}/_all_docs?${range}`;
}

const GROUP_PAGE = /^\/account\/([^/]+)/;

/**
 * On a group's page that this device does not hold (a first visit, or a device that has not
 * opened it yet), the group's record and settings are asked for now, beside the session's reads:
 * the group store asks for both only once the group's code has run, and the group's screens wait
 * on them. A group on the device opens from its copy and needs neither first.
 */
export function askGroupReadsEarly(pathname: string): void {
  const accountId = GROUP_PAGE.exec(pathname)?.[1];
  if (!accountId || !isId(accountId, 'acc') || holdsReplica(accountId)) return;
  askEarly(accountPath(accountId));
  askEarly(adjustmentsPath(accountId));
}
