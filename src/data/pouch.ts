// The only module that imports PouchDB. IndexedDB in browsers (and fake-indexeddb in tests).
import PouchDB from 'pouchdb-browser';
import find from 'pouchdb-find';
import { viewsPlugin } from './views.ts';

PouchDB.plugin(find);
// After PouchDB's own: views run the app's compiled map functions, never evaluated source.
PouchDB.plugin(viewsPlugin);

export { PouchDB };
export type { Database, PouchDoc } from './pouch-api.ts';
