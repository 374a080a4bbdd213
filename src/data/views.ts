// Map/reduce views on the device without eval. PouchDB's own query plugin turns each design
// document's map source into a function with `new Function`, which a Content-Security-Policy
// without 'unsafe-eval' forbids, and which would run whatever source a replica holds. Here the map
// functions of the server's design documents are compiled into the app (the `virtual:couch-views`
// module, built from src/couch by vite.config.ts) and looked up by their exact source: a view the
// app was not built with cannot run on the device.
import createAbstractMapReduce from 'pouchdb-abstract-mapreduce';
import { MAP_FUNCTIONS } from 'virtual:couch-views';

type Emit = (key: unknown, value?: unknown) => void;
type MapFunction = (doc: unknown) => void;
type Reducer = (keys: unknown, values: unknown[], rereduce?: boolean) => unknown;

export class UnknownViewError extends Error {
  readonly status = 404;
  override readonly name = 'not_found';
  constructor() {
    super('This view is not part of this version of the app: update the app to use it');
  }
}

function sum(values: unknown[]): number {
  return values.reduce<number>((total, v) => total + (typeof v === 'number' ? v : 0), 0);
}

/** CouchDB's built-in reducers, as PouchDB implements them (it never asks for a rereduce). */
const BUILT_IN: Record<string, Reducer> = {
  _sum: (_keys, values) => sum(values),
  _count: (_keys, values) => values.length,
  _stats: (_keys, values) => {
    const numbers = values as number[];
    return {
      sum: sum(numbers),
      min: Math.min(...numbers),
      max: Math.max(...numbers),
      count: numbers.length,
      sumsqr: sum(numbers.map((n) => n * n)),
    };
  },
};

function mapper(mapFun: unknown, emit: Emit): MapFunction {
  // A function given in code (a temporary view) is code of the app already.
  if (typeof mapFun === 'function') return (doc) => (mapFun as (d: unknown, e: Emit) => void)(doc, emit);
  const make = MAP_FUNCTIONS[String(mapFun).trim()];
  if (!make) throw new UnknownViewError();
  return make(emit);
}

function reducer(reduceFun: unknown): Reducer {
  const builtIn = BUILT_IN[String(reduceFun).trim()];
  if (!builtIn) throw new UnknownViewError();
  return builtIn;
}

function ddocValidator(ddoc: { _id: string; views?: Record<string, { map?: unknown }> }, viewName: string): void {
  if (typeof ddoc.views?.[viewName]?.map !== 'string') throw new UnknownViewError();
}

// Same name as PouchDB's own plugin, so the views already built on devices are reused.
const abstract = createAbstractMapReduce('mrviews', mapper, reducer, ddocValidator);

/** A PouchDB plugin replacing `query` and `viewCleanup`. */
export const viewsPlugin = {
  query(this: unknown, fun: unknown, opts: unknown, callback?: unknown) {
    return abstract.query.call(this, fun, opts, callback);
  },
  viewCleanup(this: unknown, callback?: unknown) {
    return abstract.viewCleanup.call(this, callback);
  },
};
