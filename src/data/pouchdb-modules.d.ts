// The part of PouchDB's API the app uses. The community typings declare a global `Buffer` that
// breaks Node's, so the app keeps its own narrow declarations.
declare module 'pouchdb-browser' {
  const PouchDB: import('./pouch-api').PouchStatic;
  export default PouchDB;
}

declare module 'pouchdb-find' {
  const plugin: unknown;
  export default plugin;
}
