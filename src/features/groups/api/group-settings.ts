import { request } from '../../../data/http-client';
import type { AdjustmentDoc } from '../../../domain/group-settings';
import { newId } from '../../../domain/ids';

function dbPath(accountId: string): string {
  return `/db/${encodeURIComponent(accountId)}`;
}

/** Every setting document of a group (spec 000 §7: Adjustment by klass). */
export async function listAdjustments(accountId: string, keys?: readonly string[]): Promise<AdjustmentDoc[]> {
  const selector: Record<string, unknown> = { klass: 'Adjustment' };
  if (keys) selector.key = { $in: keys };
  const { docs } = await request<{ docs: AdjustmentDoc[] }>('POST', `${dbPath(accountId)}/_find`, {
    body: { selector, fields: ['_id', '_rev', 'key', 'value'], limit: 10_000 },
  });
  return docs;
}

/** Updates the setting document of `key`, or creates it when the group has none. */
export async function saveGroupSetting(accountId: string, key: string, value: string): Promise<void> {
  const [existing] = await listAdjustments(accountId, [key]);
  const now = new Date().toISOString();
  if (existing?._rev) {
    await request('PUT', `${dbPath(accountId)}/${encodeURIComponent(existing._id)}`, {
      query: { rev: existing._rev },
      body: { _id: existing._id, _rev: existing._rev, klass: 'Adjustment', key, value, updated_at: now },
    });
  } else {
    await request('POST', dbPath(accountId), {
      body: { _id: newId('Adjustment'), klass: 'Adjustment', key, value, created_at: now, updated_at: now },
    });
  }
}
