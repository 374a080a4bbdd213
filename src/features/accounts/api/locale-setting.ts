import { request } from '../../../data/http-client.ts';
import { newId } from '../../../domain/ids.ts';
import { isLocale, type Locale } from '../../../domain/locale.ts';

// The user's language lives in the personal database as an Adjustment (spec 000 §3, §7).
interface LocaleSetting {
  _id: string;
  _rev: string;
  key: 'locale';
  value: unknown;
}

function dbPath(userDb: string): string {
  return `/db/${encodeURIComponent(userDb)}`;
}

async function findLocaleSetting(userDb: string): Promise<LocaleSetting | null> {
  const { docs } = await request<{ docs: LocaleSetting[] }>('POST', `${dbPath(userDb)}/_find`, {
    body: { selector: { klass: 'Adjustment', key: 'locale' }, fields: ['_id', '_rev', 'key', 'value'], limit: 1 },
    quiet: true,
  });
  return docs[0] ?? null;
}

export async function getLocaleSetting(userDb: string): Promise<Locale | null> {
  const setting = await findLocaleSetting(userDb);
  return setting && isLocale(setting.value) ? setting.value : null;
}

export async function saveLocaleSetting(userDb: string, value: Locale): Promise<void> {
  const existing = await findLocaleSetting(userDb);
  if (existing) {
    await request('PUT', `${dbPath(userDb)}/${encodeURIComponent(existing._id)}`, {
      query: { rev: existing._rev },
      body: { _id: existing._id, _rev: existing._rev, klass: 'Adjustment', key: 'locale', value },
    });
  } else {
    await request('POST', dbPath(userDb), {
      body: { _id: newId('Adjustment'), klass: 'Adjustment', key: 'locale', value },
    });
  }
}
