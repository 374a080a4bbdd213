// What the finance forms do around the generic save: copy the wallets' currencies onto the
// record (the rules check the copy against the wallets on the device and on the server), and
// run the group's mappings over a new record. Only a new one: on every edit an `append` would
// append again, and a category the person removed would come back.
import type { ResourceHooks } from '../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { getRecords } from '../../data/records.ts';
import { applyMappings } from '../../domain/modules/moneta/mappings.ts';
import { copiedCurrencies } from '../../domain/modules/moneta/rules.ts';
import { lookupIds, specOfKlass } from '../../domain/records/index.ts';
import { listMappings } from './api/mappings.ts';

/** The wallets a record points at, as this replica has them. */
export async function walletsOf(
  accountId: string,
  doc: Readonly<Record<string, unknown>>,
): Promise<Map<string, PouchDoc>> {
  const found = await getRecords<PouchDoc>(accountId, lookupIds(specOfKlass(doc.klass), doc));
  return new Map(found.flatMap((wallet) => (wallet ? [[wallet._id, wallet] as const] : [])));
}

export function withWalletCurrencies(doc: PouchDoc, wallets: ReadonlyMap<string, PouchDoc>): PouchDoc {
  const copied = copiedCurrencies(doc, (id) => (typeof id === 'string' ? wallets.get(id) : null));
  const next: PouchDoc = { ...doc };
  for (const [field, value] of Object.entries(copied)) {
    if (typeof value === 'string') next[field] = value;
    else delete next[field];
  }
  return next;
}

export const movementHooks: ResourceHooks = {
  prepare: async (doc, { isNew, env }) => {
    const copied = withWalletCurrencies(doc, await walletsOf(env.accountId, doc));
    return isNew ? applyMappings(copied, await listMappings(env.accountId)).record : copied;
  },
};
