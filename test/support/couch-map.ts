// Design documents' functions run in node:vm with a fake emit, as CouchDB would run them.
import { runInNewContext } from 'node:vm';
import { type DesignDoc, type DesignTarget, designDocsFor } from '../../src/server/store/design-docs.ts';

export function runMap(source: string, doc: Record<string, unknown>): Array<[unknown, unknown]> {
  const emitted: Array<[unknown, unknown]> = [];
  const fn = runInNewContext(`(${source})`, { emit: (k: unknown, v: unknown) => emitted.push([k, v]) }) as (
    d: unknown,
  ) => void;
  fn(doc);
  return emitted;
}

/** The design document `_design/<name>` a database of `target` may hold. */
export function designDoc(target: DesignTarget, name: string): DesignDoc {
  const found = designDocsFor(target).find((d) => d._id === `_design/${name}`);
  if (!found) throw new Error(`no ${name}`);
  return found;
}
