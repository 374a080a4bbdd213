// The only module that imports PouchDB. IndexedDB in browsers (and fake-indexeddb in tests).
import PouchDB from 'pouchdb-browser';
import find from 'pouchdb-find';

PouchDB.plugin(find);

export { PouchDB };
export type { Database, PouchDoc } from './pouch-api';
