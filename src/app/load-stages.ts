// Which file of the build each module goes into (vite.config.ts). Left to itself the bundler
// splits the code into one file per set of pages sharing it: a group's first visit asked for ~120
// files (a button, a hook, a list item each), and over HTTP/1.1 each costs a round trip on a slow
// line and about half a kilobyte of headers. Here the code is put in one file per stage of a
// visit instead: what the app needs to start (`app`), then the stages vite.config.ts lists (the
// public pages, the group's replica, its shell, its dashboard and lists). What only a later screen
// needs (a record's page, the board, a print page) is left to the bundler's own split and comes
// when that screen is opened.

/** What the bundler tells of a module (rolldown's ModuleInfo, the part read here). */
export interface StageModule {
  isEntry: boolean;
  /** The modules that import this one statically. */
  importers: readonly string[];
  code: string | null;
}

export type ModuleGraph = (id: string) => StageModule | null;

/** The modules each stage starts from (ids end with these paths), in the order stages win. */
export type StageRoots = ReadonlyArray<readonly [stage: string, roots: readonly string[]]>;

/** The entry's own static imports: the first stage. */
export const ENTRY_STAGE = 'app';

const PACKAGE = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/;
const INDEX = /[\\/]index\.m?js$/;

function packageOf(id: string): string | undefined {
  return PACKAGE.exec(id)?.[1]?.replace('\\', '/');
}

/** The names a module of a library is imported by through its index: its file's, or its folder's (`Button/index.js`). */
function namesOf(id: string): string[] {
  const parts = id.split(/[\\/]/);
  return [parts.at(-1)!.replace(/\.m?js$/, ''), parts.at(-2)!].filter((name) => /^\w+$/.test(name));
}

/**
 * Whether `importer` (outside the library) uses the part of library `pkg` that `names` name, when it
 * imports the library's index: `import { Button } from '@mui/material'` uses Button, not the
 * hundred other components the index re-exports. Path imports (`@mui/material/Button`) count too.
 */
function usesThrough(importer: StageModule | null, pkg: string, names: readonly string[]): boolean {
  const code = importer?.code ?? '';
  const quoted = pkg.replace(/[/@.-]/g, (c) => `\\${c}`);
  if (new RegExp(`from\\s*["']${quoted}/`).test(code)) return true;
  const imports = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, 'g');
  return [...code.matchAll(imports)].some(([, list]) =>
    names.some((name) => new RegExp(`(^|[\\s,])${name}($|[\\s,])`).test(list!)),
  );
}

/**
 * Whether `importer`, a module of the library, uses the part that `names` name of the library's
 * folder whose index is `index`: MUI's ListItem imports `{ listItemButtonClasses }` from
 * `../ListItemButton/index.mjs`, the classes, not the component, which only a group screen draws.
 * A default, namespace or re-export import, or one not recognised, counts as a use.
 */
function usesSibling(importer: StageModule | null, index: string, names: readonly string[]): boolean {
  const folder = index.split(/[\\/]/).at(-2)!;
  const from = new RegExp(`(import|export)([^;]*?)from\\s*["'][./]*(?:[\\w-]+/)*${folder}(?:/index\\.m?js)?["']`, 'g');
  const statements = [...(importer?.code ?? '').matchAll(from)];
  if (statements.length === 0) return true;
  return statements.some(([, keyword, clause]) => {
    const named = /^\s*\{([^}]*)\}\s*$/.exec(clause!);
    return (
      keyword === 'export' || !named || names.some((name) => new RegExp(`(^|[\\s,])${name}($|[\\s,])`).test(named[1]!))
    );
  });
}

/**
 * The stage of each module: the first stage (in `roots`' order, the entry's first) whose root
 * imports it, directly or through other modules; the entry's when stages of `apart`, which are not
 * loaded with the others, share it. A library's index, which re-exports all of the
 * library, is walked through only towards the modules that import the part in question.
 */
export function loadStages(
  graph: ModuleGraph,
  roots: StageRoots,
  apart: readonly string[] = [],
): (id: string) => string | null {
  const known = new Map<string, string | null>();
  // Every module walks up to the roots through the same importers: each module is asked of the
  // bundler once, and each importer's use of a library's part judged once (the build spent over a
  // minute here, reading the same modules' code and compiling the same patterns).
  const modules = new Map<string, StageModule | null>();
  const read = (id: string): StageModule | null => {
    if (!modules.has(id)) modules.set(id, graph(id));
    return modules.get(id)!;
  };
  const judged = new Map<string, boolean>();
  const uses = (key: string, judge: () => boolean): boolean => {
    if (!judged.has(key)) judged.set(key, judge());
    return judged.get(key)!;
  };
  const stageOfRoot = (id: string, module: StageModule): string | undefined => {
    if (module.isEntry) return ENTRY_STAGE;
    return roots.find(([, paths]) => paths.some((path) => id.endsWith(path)))?.[0];
  };
  const order = [ENTRY_STAGE, ...roots.map(([stage]) => stage)];
  return (id) => {
    if (known.has(id)) return known.get(id)!;
    const found = new Set<string>();
    // `through`: the names a library's index is walked through for (the part it was reached from).
    const queue: Array<{ id: string; through: readonly string[] | null }> = [{ id, through: null }];
    const seen = new Set([id]);
    while (queue.length > 0) {
      const { id: current, through } = queue.pop()!;
      const module = read(current);
      if (!module) continue;
      const stage = stageOfRoot(current, module);
      if (stage) found.add(stage);
      const pkg = packageOf(current);
      for (const importer of module.importers) {
        const inside = pkg !== undefined && packageOf(importer) === pkg;
        let next: readonly string[] | null = null;
        if (inside && INDEX.test(importer)) next = through ?? namesOf(current);
        else if (!inside && through) {
          const key = `${importer}|${pkg}|${through.join()}`;
          if (!uses(key, () => usesThrough(read(importer), pkg!, through))) continue;
        } else if (inside && through && INDEX.test(current)) {
          const key = `${importer}|${current}|${through.join()}`;
          if (!uses(key, () => usesSibling(read(importer), current, through))) continue;
        }
        const key = next ? `${importer}|${next.join()}` : importer;
        if (seen.has(key)) continue;
        seen.add(key);
        queue.push({ id: importer, through: next });
      }
    }
    let stage = order.find((s) => found.has(s)) ?? null;
    // What a stage loaded apart (the public pages, never on a group's) shares with another stage
    // goes to the entry's: each then loads only what it needs, and in no more files.
    if (stage && [...found].some((s) => s !== stage && (apart.includes(s) || apart.includes(stage!))))
      stage = ENTRY_STAGE;
    known.set(id, stage);
    return stage;
  };
}
