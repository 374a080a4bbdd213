// What pouchdb-browser expects of a browser, for tests that run src/data in Node.
const g = globalThis as { self?: unknown; navigator?: unknown };
g.self ??= globalThis;
if (!g.navigator) {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'node', onLine: true }, configurable: true });
}
// fake-indexeddb's package exports hide its typings; the module only installs globals.
await import('fake-indexeddb/auto' as string);
export {};
