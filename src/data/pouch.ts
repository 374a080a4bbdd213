// The only module that imports PouchDB. IndexedDB in browsers (and fake-indexeddb in tests).
import PouchDB from 'pouchdb-browser';
import { viewsPlugin } from './views.ts';

// After PouchDB's own: views run the app's compiled map functions, never evaluated source.
PouchDB.plugin(viewsPlugin);

/**
 * pouchdb-find's methods, loaded with the first call: a group's first screen is answered by the
 * kept views and lists (kept-lists.ts), so its code (about 7 KB compressed) need not come with
 * the replica's. Once loaded, the plugin's own methods replace these on PouchDB's prototype.
 */
const FIND_METHODS = ['createIndex', 'find', 'explain', 'getIndexes', 'deleteIndex'] as const;
let finding: Promise<void> | null = null;

function loadFind(): Promise<void> {
  const loading =
    finding ??
    import('pouchdb-find').then(
      ({ default: find }) => {
        PouchDB.plugin(find);
      },
      (error: unknown) => {
        // A failed load (a chunk the network lost) is tried again with the next call.
        finding = null;
        throw error;
      },
    );
  finding = loading;
  return loading;
}

type Method = (this: unknown, ...args: unknown[]) => Promise<unknown>;
const prototype = (PouchDB as unknown as { prototype: Record<string, Method> }).prototype;
const standIns: Record<string, Method> = {};
for (const name of FIND_METHODS) {
  standIns[name] = async function (this: unknown, ...args: unknown[]) {
    await loadFind();
    const real = prototype[name];
    if (!real || real === standIns[name]) throw new Error(`pouchdb-find did not provide ${name}`);
    return real.apply(this, args);
  };
}
PouchDB.plugin(standIns);

export { PouchDB };
export type { Database, PouchDoc } from './pouch-api.ts';
