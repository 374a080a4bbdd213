// Compiles design documents from folders of plain files and deploys them idempotently: the
// generic ones of src/couch/<target>/<ddoc>/, and each module's own group design documents in
// src/server/modules/<kind>/couch/group/<ddoc>/, found there by convention (this file names no
// module). A group database gets the generic ones and those of the modules it uses.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCES } from '../../domain/records/index.ts';
import { isReferenceField } from '../../domain/records/field-types.ts';
import { type CouchClient, type CouchDoc, isConflict } from './couch-client.ts';

export type DesignTarget = 'users' | 'personal' | 'group';

const COUCH_DIR = fileURLToPath(new URL('../../couch/', import.meta.url));
const MODULES_DIR = fileURLToPath(new URL('../modules/', import.meta.url));

export interface DesignDoc extends CouchDoc {
  language: 'javascript';
  version: string;
  views?: Record<string, { map: string; reduce?: string }>;
  updates?: Record<string, string>;
  validate_doc_update?: string;
}

/**
 * What the sources leave to be written in at compile time, from the domain's descriptions: the
 * search view's field table is every described record's `search`, so a module's records are
 * searchable without editing the view.
 */
// Records searched by no word (a feed's items, thousands of them) stay out of the view entirely.
const SEARCHED = () => RESOURCES.filter((spec) => spec.search.length > 0);
const PLACEHOLDERS: Record<string, () => string> = {
  $SEARCH_FIELDS: () => JSON.stringify(Object.fromEntries(SEARCHED().map((spec) => [spec.klass, spec.search]))),
  $REFERENCE_FIELDS: () =>
    JSON.stringify(
      Object.fromEntries(
        SEARCHED().map((spec) => [spec.klass, spec.fields.filter(isReferenceField).map((f) => f.name)]),
      ),
    ),
};

function read(file: string): string {
  let source = readFileSync(file, 'utf8').trim();
  for (const [name, value] of Object.entries(PLACEHOLDERS))
    if (source.includes(name)) source = source.replaceAll(name, value());
  return source;
}

function subdirs(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory()) : [];
}

export function compileDesignDoc(dir: string, name: string): DesignDoc {
  const body: Pick<DesignDoc, 'language' | 'views' | 'updates' | 'validate_doc_update'> = { language: 'javascript' };
  const viewsDir = path.join(dir, 'views');
  for (const view of subdirs(viewsDir)) {
    const map = read(path.join(viewsDir, view, 'map.js'));
    const reducePath = path.join(viewsDir, view, 'reduce.js');
    (body.views ??= {})[view] = existsSync(reducePath) ? { map, reduce: read(reducePath) } : { map };
  }
  const updatesDir = path.join(dir, 'updates');
  if (existsSync(updatesDir)) {
    for (const file of readdirSync(updatesDir).filter((f) => f.endsWith('.js'))) {
      (body.updates ??= {})[file.slice(0, -3)] = read(path.join(updatesDir, file));
    }
  }
  const vdu = path.join(dir, 'validate_doc_update.js');
  if (existsSync(vdu)) body.validate_doc_update = read(vdu);
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return { _id: `_design/${name}`, version, ...body } as DesignDoc;
}

const compileAll = (dir: string) => subdirs(dir).map((name) => compileDesignDoc(path.join(dir, name), name));

const generic = new Map<DesignTarget, DesignDoc[]>();
let byModule: ReadonlyMap<string, DesignDoc[]> | null = null;

/** The group design documents of each module that has some, by module kind (its folder's name). */
export function moduleDesignDocs(): ReadonlyMap<string, DesignDoc[]> {
  byModule ??= new Map(
    subdirs(MODULES_DIR)
      .map((kind) => [kind, compileAll(path.join(MODULES_DIR, kind, 'couch', 'group'))] as const)
      .filter(([, docs]) => docs.length > 0),
  );
  return byModule;
}

function genericDocs(target: DesignTarget): DesignDoc[] {
  let docs = generic.get(target);
  if (!docs) generic.set(target, (docs = compileAll(path.join(COUCH_DIR, target))));
  return docs;
}

/** Every design document a database of `target` may hold: for groups, every module's too. */
export function designDocsFor(target: DesignTarget): DesignDoc[] {
  const docs = genericDocs(target);
  return target === 'group' ? [...docs, ...[...moduleDesignDocs().values()].flat()] : docs;
}

/** The design documents of a group that uses the modules `kinds`: the generic ones and theirs. */
export function groupDesignDocs(kinds: readonly string[]): DesignDoc[] {
  const modules = moduleDesignDocs();
  return [...genericDocs('group'), ...kinds.flatMap((kind) => modules.get(kind) ?? [])];
}

/**
 * Puts each design document whose version differs from the stored one (all of `target`'s unless
 * `ddocs` says which). Safe to run concurrently. Never removes one: a module switched off keeps
 * its views, and its data, as they were.
 */
export async function deployDesignDocs(
  store: CouchClient,
  db: string,
  target: DesignTarget,
  ddocs: readonly DesignDoc[] = designDocsFor(target),
): Promise<number> {
  let changed = 0;
  for (const ddoc of ddocs) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await store.get<DesignDoc>(db, ddoc._id);
      if (current?.version === ddoc.version) break;
      try {
        await store.put(db, { ...ddoc, ...(current?._rev ? { _rev: current._rev } : {}) });
        changed++;
        break;
      } catch (error) {
        // Another instance deployed at the same moment: read again and compare.
        if (!isConflict(error)) throw error;
      }
    }
  }
  return changed;
}
