import { findRecords, getRecord, saveRecord } from '../../../data/records.ts';
import { refreshReplica } from '../../../data/replicas.ts';
import type { AdjustmentDoc } from '../../../domain/group-settings.ts';
import { newId } from '../../../domain/ids.ts';

/** Every setting document of a group (spec 000 §7: Adjustment by klass), from the local replica. */
export async function listAdjustments(accountId: string, keys?: readonly string[]): Promise<AdjustmentDoc[]> {
  await refreshReplica(accountId);
  return listLocalAdjustments(accountId, keys);
}

/** The same, from the device's copy as it is, without asking the server first. */
export async function listLocalAdjustments(accountId: string, keys?: readonly string[]): Promise<AdjustmentDoc[]> {
  const selector: Record<string, unknown> = { klass: 'Adjustment' };
  const docs = await findRecords<AdjustmentDoc & { _id: string }>(accountId, { selector, limit: 10_000 });
  return keys ? docs.filter((d) => keys.includes(d.key)) : docs;
}

/** Updates the setting document of `key`, or creates it when the group has none; sync takes it to the server. */
export async function saveGroupSetting(accountId: string, key: string, value: string): Promise<void> {
  const now = new Date().toISOString();
  const [found] = await findRecords<AdjustmentDoc & { _id: string }>(accountId, {
    selector: { klass: 'Adjustment', key },
    limit: 1,
  });
  const existing = found ? await getRecord<AdjustmentDoc & { _id: string }>(accountId, found._id) : null;
  await saveRecord(
    accountId,
    existing
      ? { ...existing, value, updated_at: now }
      : { _id: newId('Adjustment'), klass: 'Adjustment', key, value, created_at: now, updated_at: now },
  );
}
