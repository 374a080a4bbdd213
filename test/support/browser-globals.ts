// What pouchdb-browser expects of a browser, for tests that run src/data in Node.
const g = globalThis as { self?: unknown; navigator?: unknown };
g.self ??= globalThis;
if (!g.navigator) {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'node', onLine: true }, configurable: true });
}
// Node 21+ has a `navigator` of its own, without `onLine`: sync would take the device for offline.
if (!('onLine' in (g.navigator as object))) {
  Object.defineProperty(g.navigator, 'onLine', { value: true, configurable: true, writable: true });
}
// Window events (PouchDB listens to `storage` once localStorage exists; sync to online/offline).
if (typeof (globalThis as { addEventListener?: unknown }).addEventListener !== 'function') {
  const events = new EventTarget();
  Object.assign(globalThis, {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  });
}
// The replica registry and preferences live in localStorage: an in-memory one (Node has none).
if (!('localStorage' in globalThis)) {
  const items = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
}
// fake-indexeddb's package exports hide its typings; the module only installs globals.
await import('fake-indexeddb/auto' as string);
export {};
