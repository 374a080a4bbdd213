import { request } from '../../../data/http-client.ts';
import { newId } from '../../../domain/ids.ts';

interface SettingDoc {
  _id: string;
  _rev?: string;
  key: string;
  value: unknown;
}

/**
 * The group's settings as the server holds them (spec 000 §7 "Adjustment by klass"): the
 * standalone checkout reads groups this device may have no copy of, and a checkout must see the
 * plan and billing e-mail the server will judge it by.
 */
export async function serverSettings(accountId: string): Promise<ServerSettings> {
  const found = await request<{ docs: SettingDoc[] }>('POST', `/db/${encodeURIComponent(accountId)}/_find`, {
    body: { selector: { klass: 'Adjustment' }, fields: ['_id', '_rev', 'key', 'value'], limit: 1000 },
  });
  const values = Object.fromEntries(found.docs.map((d) => [d.key, d.value === undefined ? '' : String(d.value)]));
  return { values, planRevision: found.docs.find((d) => d.key === 'confirmed-plan')?._rev ?? '' };
}

export interface ServerSettings {
  values: Record<string, string>;
  /** The revision of the plan the checkout opened over: sent to the provider in its custom data. */
  planRevision: string;
}

/**
 * Writes the billing e-mail on the server at once (spec 000 §7 "update a setting"), so the
 * checkout call that follows finds it; devices receive it by replication like any setting.
 */
export async function saveBillingEmail(accountId: string, email: string): Promise<void> {
  const db = encodeURIComponent(accountId);
  const found = await request<{ docs: SettingDoc[] }>('POST', `/db/${db}/_find`, {
    body: { selector: { klass: 'Adjustment', key: 'billing-email' }, limit: 1 },
  });
  const now = new Date().toISOString();
  const current = found.docs[0];
  if (current?.value === email) return;
  if (current)
    await request('PUT', `/db/${db}/${encodeURIComponent(current._id)}`, {
      body: { ...current, value: email, updated_at: now },
    });
  else
    await request('POST', `/db/${db}`, {
      body: {
        _id: newId('Adjustment'),
        klass: 'Adjustment',
        key: 'billing-email',
        value: email,
        created_at: now,
        updated_at: now,
      },
    });
}
