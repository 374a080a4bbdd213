import { request } from '../../../data/http-client.ts';
import { ACCOUNT_SETTING_FIELDS, type AppKind, type Plan } from '../../../domain/groups.ts';
import { accountPath } from './group-reads.ts';

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
}

const FIELDS = ['_id', ...ACCOUNT_SETTING_FIELDS, 'admin'] as const satisfies ReadonlyArray<keyof Account>;

/**
 * The record as the screens know it, whether read here or made from the device's copy (offline):
 * the server's own bookkeeping (admin_roles, billing ids) stays out, and an empty value is no
 * value, so the two compare equal when they say the same (group-store.ts redraws nothing then).
 */
export function toAccount(values: Readonly<Record<string, unknown>>): Account {
  return Object.fromEntries(
    FIELDS.map((field) => [field, values[field] || (field === 'admin' ? false : null)]),
  ) as unknown as Account;
}

export async function getAccount(accountId: string): Promise<Account> {
  return toAccount(await request<Record<string, unknown>>('GET', accountPath(accountId)));
}
