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

declare module 'pouchdb-collate' {
  /** CouchDB's order of keys: negative, 0 or positive, as `a` sorts before, with or after `b`. */
  export function collate(a: unknown, b: unknown): number;
}

declare module 'pouchdb-abstract-mapreduce' {
  interface AbstractMapReduce {
    query: (this: unknown, fun: unknown, opts: unknown, callback?: unknown) => Promise<unknown>;
    viewCleanup: (this: unknown, callback?: unknown) => Promise<unknown>;
  }
  export default function createAbstractMapReduce(
    localDocName: string,
    mapper: (mapFun: unknown, emit: (key: unknown, value?: unknown) => void) => (doc: unknown) => void,
    reducer: (reduceFun: unknown) => (keys: unknown, values: unknown[], rereduce?: boolean) => unknown,
    ddocValidator: (ddoc: never, viewName: string) => void,
  ): AbstractMapReduce;
}

/** The map functions of the server's design documents, compiled into the app (vite.config.ts). */
declare module 'virtual:couch-views' {
  export const MAP_FUNCTIONS: Record<string, (emit: (key: unknown, value?: unknown) => void) => (doc: unknown) => void>;
}

/** The route table's share of the modules' descriptions, worked out at build (vite.config.ts). */
declare module 'virtual:page-table' {
  export const MODULE_PAGES: ReadonlyArray<{
    kind: string;
    feature: string;
    name: string;
    path: string;
    title: string;
    recordParts: string | null;
  }>;
  export const RESOURCE_SCREENS: ReadonlyArray<{
    resource: string;
    screens: ReadonlyArray<'index' | 'new' | 'show' | 'edit'> | null;
  }>;
}
