// The part of PouchDB's API the app uses. The community typings declare a global `Buffer` that
// breaks Node's, so the app keeps its own narrow declarations.
declare module 'pouchdb-browser' {
  // An ambient module cannot import a relative path, so the type is referenced inline.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const PouchDB: import('./pouch-api').PouchStatic;
  export default PouchDB;
}

declare module 'pouchdb-find' {
  const plugin: unknown;
  export default plugin;
}
