// What pouchdb-browser expects of a browser, for tests that run src/data in Node.
const g = globalThis as { self?: unknown; navigator?: unknown };
g.self ??= globalThis;
if (!g.navigator) {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'node', onLine: true }, configurable: true });
}
await import('fake-indexeddb/auto');
