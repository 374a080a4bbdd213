import '../../test/support/browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { newId } from '../domain/ids.ts';
import { destroyLocalDb, localDb } from './databases.ts';

describe('views on the device', () => {
  it('never evaluates a map function the app was not built with', async () => {
    const name = newId('Account');
    const db = localDb(name);
    (globalThis as { pwned?: boolean }).pwned = false;
    await db.put({
      _id: '_design/evil',
      views: { all: { map: 'function (doc) { globalThis.pwned = true; emit(doc._id); }' } },
    } as never);
    await db.put({ _id: newId('Customer'), klass: 'Customer' });
    await expect(db.query('evil/all')).rejects.toThrow(/not part of this version of the app/);
    expect((globalThis as { pwned?: boolean }).pwned).toBe(false);
    await destroyLocalDb(name);
  });
});
