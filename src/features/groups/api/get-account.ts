import { request } from '../../../data/http-client.ts';
import type { AppKind, Plan } from '../../../domain/groups.ts';

/** The account record (spec 000 §3); `admin` says whether the current user administers it. */
export interface Account {
  _id: string;
  name: string | null;
  kind: AppKind | null;
  'billing-email': string | null;
  'confirmed-plan': Plan | null;
  'unconfirmed-plan': string | null;
  'created-by': string | null;
  'created-by-id': string | null;
  'created-at': string | null;
  'parent-account-id': string | null;
  admin: boolean;
  admin_roles: string[];
}

export function getAccount(accountId: string): Promise<Account> {
  return request('GET', `/db/accounts/${encodeURIComponent(accountId)}`);
}
