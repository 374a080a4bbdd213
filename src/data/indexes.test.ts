import '../../test/support/browser-globals.ts';
import { MAP_FUNCTIONS } from 'virtual:couch-views';
import { describe, expect, it, vi } from 'vitest';
import { newId } from '../domain/ids.ts';
import { destroyLocalDb, localDb } from './databases.ts';
import { buildIndexesInBackground, registeredIndexes, registerIndexes, registerViews } from './indexes.ts';
import { keptStore } from './kept-store.ts';

/** The indexes pouchdb-find keeps in the replica, as field lists. */
async function indexesIn(dbName: string): Promise<string[][]> {
  const db = localDb(dbName) as unknown as {
    getIndexes(): Promise<{ indexes: Array<{ def: { fields: Array<Record<string, string>> } }> }>;
  };
  const { indexes } = await db.getIndexes();
  return indexes.map((index) => index.def.fields.flatMap((field) => Object.keys(field))).filter((f) => f[0] !== '_id');
}

// The registry is the module's: each test registers fields of its own.
describe('index registry', () => {
  it('keeps each index once per database kind', () => {
    registerIndexes('group', [
      ['klass', 'registry_a'],
      ['klass', 'registry_b'],
    ]);
    registerIndexes('group', [['klass', 'registry_a']]);
    registerIndexes('personal', [['klass', 'registry_c'], []]);
    const group = registeredIndexes('group').map((fields) => fields.join(','));
    expect(group.filter((key) => key.includes('registry_'))).toEqual(['klass,registry_a', 'klass,registry_b']);
    expect(registeredIndexes('personal').map((fields) => fields.join(','))).toContain('klass,registry_c');
    expect(registeredIndexes('personal').some((fields) => fields.length === 0)).toBe(false);
  });

  it('builds and warms the indexes of the kind once, and remembers them in the replica', async () => {
    registerIndexes('group', [
      ['klass', 'title'],
      ['klass', 'status', 'number'],
    ]);
    registerIndexes('personal', [['klass', 'personal_only']]);
    const name = newId('Account');
    const db = localDb(name);
    await db.bulkDocs([
      { _id: newId('Customer'), klass: 'Customer', title: 'b', status: 'open', number: 2 },
      { _id: newId('Customer'), klass: 'Customer', title: 'a', status: 'done', number: 1 },
    ]);
    const createIndex = vi.spyOn(db, 'createIndex');
    const find = vi.spyOn(db, 'find');

    await buildIndexesInBackground(name);
    const built = await indexesIn(name);
    expect(built).toContainEqual(['klass', 'title']);
    expect(built).toContainEqual(['klass', 'status', 'number']);
    expect(built).not.toContainEqual(['klass', 'personal_only']);
    // One warming read per index built.
    expect(find).toHaveBeenCalledTimes(createIndex.mock.calls.length);
    const noted = (await db.get('_local/moneta-indexes')) as unknown as { built: string[] };
    expect(noted.built).toEqual(expect.arrayContaining(['klass,title', 'klass,status,number']));

    // Later syncs find everything built: no index is created again.
    const calls = createIndex.mock.calls.length;
    await buildIndexesInBackground(name);
    expect(createIndex).toHaveBeenCalledTimes(calls);

    // An index registered later (a screen loaded since) is built by the next call, alone.
    registerIndexes('group', [['klass', 'later']]);
    await buildIndexesInBackground(name);
    expect(createIndex).toHaveBeenCalledTimes(calls + 1);
    expect(createIndex).toHaveBeenLastCalledWith({ index: { fields: ['klass', 'later'] } });
    await destroyLocalDb(name);
  });

  it('reads what an earlier page load built from the replica', async () => {
    registerIndexes('group', [['klass', 'reloaded']]);
    const name = newId('Account');
    const keys = registeredIndexes('group').map((fields) => fields.join(','));
    await localDb(name).put({ _id: '_local/moneta-indexes', built: keys } as never);
    const createIndex = vi.spyOn(localDb(name), 'createIndex');
    await buildIndexesInBackground(name);
    expect(createIndex).not.toHaveBeenCalled();
    await destroyLocalDb(name);
  });

  it('builds registered design-document views: counts and sums as kept rows, others with a first query', async () => {
    registerViews('group', ['words/all', 'plain/all']);
    const name = newId('Account');
    const db = localDb(name);
    // A map function the app is built with (the server deploys the same source).
    const map = Object.keys(MAP_FUNCTIONS).find((source) => source.includes('emit(doc.klass, 1)'))!;
    await db.put({ _id: '_design/words', views: { all: { map, reduce: '_count' } } } as never);
    await db.put({ _id: '_design/plain', views: { all: { map } } } as never);
    const customer = newId('Customer');
    await db.put({ _id: customer, klass: 'Customer', word: 'pump' });
    const query = vi.spyOn(db, 'query');
    await buildIndexesInBackground(name);
    expect(query).toHaveBeenCalledWith('plain/all', { limit: 1, reduce: false });
    expect(query).not.toHaveBeenCalledWith('words/all', expect.anything());
    expect((await keptStore(db).read('words/all', map.trim()))?.docs).toEqual([[customer, [['Customer', 1]]]]);
    const noted = (await db.get('_local/moneta-indexes')) as unknown as { built: string[] };
    expect(noted.built).toEqual(expect.arrayContaining(['view:words/all', 'view:plain/all']));
    expect(registeredIndexes('group').some((fields) => fields.includes('words/all'))).toBe(false);
    expect((await db.query('words/all', { reduce: true, group: true })).rows).toEqual([{ key: 'Customer', value: 1 }]);
    await destroyLocalDb(name);
  });

  it('leaves the index of a kind the group has no record of until one arrives', async () => {
    registerIndexes('group', [['klass', 'wallet_only']], null, ['Wallet']);
    const name = newId('Account');
    const db = localDb(name);
    const map = Object.keys(MAP_FUNCTIONS).find((source) => source.includes('emit(doc.klass, 1)'))!;
    await db.put({ _id: '_design/count-by-klass', views: { all: { map, reduce: '_count' } } } as never);
    await db.put({ _id: newId('Customer'), klass: 'Customer' });
    await buildIndexesInBackground(name);
    expect(await indexesIn(name)).not.toContainEqual(['klass', 'wallet_only']);
    await db.put({ _id: newId('Wallet'), klass: 'Wallet', wallet_only: 'x' });
    await buildIndexesInBackground(name);
    expect(await indexesIn(name)).toContainEqual(['klass', 'wallet_only']);
    await destroyLocalDb(name);
  });

  it('leaves databases of no known kind alone', async () => {
    await expect(buildIndexesInBackground('not-a-replica')).resolves.toBeUndefined();
  });
});
