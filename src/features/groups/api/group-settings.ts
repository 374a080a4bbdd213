import { request } from '../../../data/http-client.ts';
import { getRecord, listFew, saveRecord } from '../../../data/records.ts';
import { refreshReplica } from '../../../data/replicas.ts';
import type { AdjustmentDoc } from '../../../domain/group-settings.ts';
import { newId } from '../../../domain/ids.ts';
import { adjustmentsPath } from './group-reads.ts';

/** Every setting document of a group (spec 000 §7: Adjustment by klass), from the local replica. */
export async function listAdjustments(accountId: string, keys?: readonly string[]): Promise<AdjustmentDoc[]> {
  await refreshReplica(accountId);
  return listLocalAdjustments(accountId, keys);
}

/** The same, from the device's copy as it is, without asking the server first. */
export async function listLocalAdjustments(accountId: string, keys?: readonly string[]): Promise<AdjustmentDoc[]> {
  const docs = await listFew<AdjustmentDoc & { _id: string }>(accountId, 'Adjustment');
  return keys ? docs.filter((d) => keys.includes(d.key)) : docs;
}

/**
 * The same, read on the server: for a group this device has no copy of yet, whose settings the
 * screens need before the first pull has brought them.
 */
export async function serverAdjustments(accountId: string): Promise<AdjustmentDoc[]> {
  const found = await request<{ rows: Array<{ doc?: AdjustmentDoc & { klass?: string } }> }>(
    'GET',
    adjustmentsPath(accountId),
  );
  return found.rows.flatMap((row) => (row.doc?.klass === 'Adjustment' ? [row.doc] : []));
}

/** Updates the setting document of `key`, or creates it when the group has none; sync takes it to the server. */
export async function saveGroupSetting(accountId: string, key: string, value: string): Promise<void> {
  const now = new Date().toISOString();
  const [found] = await listFew<AdjustmentDoc & { _id: string }>(accountId, 'Adjustment', { key });
  const existing = found ? await getRecord<AdjustmentDoc & { _id: string }>(accountId, found._id) : null;
  await saveRecord(
    accountId,
    existing
      ? { ...existing, value, updated_at: now }
      : { _id: newId('Adjustment'), klass: 'Adjustment', key, value, created_at: now, updated_at: now },
  );
}
