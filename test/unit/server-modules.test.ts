// The server's half of the module kit (src/server/modules): every module one folder and one line
// of the registry, generic server code naming none, and descriptions that fit together. Imports
// between module folders are kept apart by ESLint (moneta/server-module-boundaries).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_KINDS, DEFAULT_GROUP_SETTINGS } from '../../src/domain/groups.ts';
import { MODULES, type ModuleDescription } from '../../src/domain/modules/index.ts';
import { SYSTEM_DB, USERS_DB } from '../../src/server/context.ts';
import { assertModules, moduleProblems, type ServerModule } from '../../src/server/modules/kit.ts';
import { checkModules, SERVER_MODULES } from '../../src/server/modules/index.ts';
import { moduleDesignDocs } from '../../src/server/store/design-docs.ts';

const SERVER = path.resolve('src/server');
const MODULES_DIR = path.join(SERVER, 'modules');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** The server's code but the modules' own folders and their registry (API.md documents every call). */
function genericFiles(): string[] {
  return files(SERVER).filter((file) => {
    if (!file.endsWith('.ts')) return false;
    const relative = path.relative(MODULES_DIR, file);
    const inModules = !relative.startsWith('..');
    return !(inModules && (relative.includes(path.sep) || relative === 'index.ts'));
  });
}

/** The words that name a module: its kind, its screens' folder, and the reader's everyday name. */
const MODULE_WORDS = [...new Set([...MODULES.flatMap((m) => [m.kind, m.feature]), 'reader'])];

/** Where a file names a module, by line: the product's own databases (`moneta-users`) aside. */
function namedModules(text: string): string[] {
  const word = new RegExp(`(?<![\\w-])(${MODULE_WORDS.join('|')})(?![\\w])`);
  return text
    .split('\n')
    .map((line, i) => [i + 1, line.replaceAll(USERS_DB, '').replaceAll(SYSTEM_DB, '')] as const)
    .filter(([, line]) => word.test(line))
    .map(([n, line]) => `${n}: ${line.trim()}`);
}

describe('generic server code', () => {
  it('names no module: the app, the door, the routes and the config iterate SERVER_MODULES', () => {
    const found = genericFiles().flatMap((file) =>
      namedModules(readFileSync(file, 'utf8')).map((line) => `${path.relative(SERVER, file)}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it('is caught when it does (the check can fail)', () => {
    expect(namedModules("import { x } from './modules/exoreader/module.ts';")).toHaveLength(1);
    expect(namedModules("if (kind === 'ticket') return;")).toHaveLength(1);
    expect(namedModules('// the reader’s marks')).toHaveLength(1);
    expect(namedModules(`const db = '${USERS_DB}'; // Moneta's own`)).toEqual([]);
    expect(namedModules('const stream = body.getReader();')).toEqual([]);
  });
});

describe('the server modules', () => {
  it('are one folder each, listed once in the registry, each with its description', () => {
    const folders = readdirSync(MODULES_DIR).filter((name) => statSync(path.join(MODULES_DIR, name)).isDirectory());
    expect(SERVER_MODULES.map((m) => m.kind).sort()).toEqual(folders.sort());
    for (const module of SERVER_MODULES) expect(APP_KINDS, module.kind).toContain(module.kind);
    // A module's design documents sit in its folder: only registered modules have any.
    for (const kind of moduleDesignDocs().keys()) expect(folders).toContain(kind);
    expect(() => checkModules()).not.toThrow();
  });

  it('declare update handlers and tasks that no other module declares', () => {
    const handlers = SERVER_MODULES.flatMap((m) => Object.keys(m.updateHandlers ?? {}));
    const tasks = SERVER_MODULES.flatMap((m) => (m.tasks ?? []).map((t) => t.id));
    const databases = SERVER_MODULES.flatMap((m) => m.databases ?? []);
    for (const list of [handlers, tasks, databases]) expect(new Set(list).size).toBe(list.length);
    for (const db of databases) expect([USERS_DB, SYSTEM_DB]).not.toContain(db);
  });
});

describe('module kinds and default settings', () => {
  it('derive from the module descriptions, modules not built yet included', () => {
    expect(APP_KINDS).toEqual(MODULES.map((m) => m.kind));
    expect(APP_KINDS).toEqual(['ticket', 'moneta', 'exoreader', 'textnotes', 'rdisk']);
  });

  it('start a new group as spec 000 §3 does', () => {
    // The list as it was written by hand before the kit derived it.
    expect(DEFAULT_GROUP_SETTINGS).toEqual({
      'confirmed-plan': 'free',
      admin: 'false',
      checklist: 'disabled',
      'project-management': 'disabled',
      budget: 'enabled',
      rdisk: 'enabled',
      textnotes: 'enabled',
      exoreader: 'disabled',
      maintenance: 'disabled',
      billing: 'disabled',
      'contract-receipt': 'on-demand',
      currency: 'USD',
      'estimate-observation': '',
      'receipt-configuration': '',
      phones: '[]',
      addresses: '[]',
    });
  });
});

const description = (kind: string, extra: Partial<ModuleDescription> = {}): ModuleDescription => ({
  ...MODULES.find((m) => m.kind === 'textnotes')!,
  kind,
  feature: kind,
  setting: kind,
  ...extra,
});
/** A record of `klass`, pointing at a record of `ref` when given (only what the kit reads). */
const spec = (klass: string, ref?: string) =>
  ({
    resource: klass.toLowerCase(),
    klass,
    fields: ref ? [{ name: 'other_id', type: 'reference', ref }] : [],
  }) as unknown as ModuleDescription['records'][number];

describe('the kit’s requires', () => {
  const ticket = description('a', { records: [spec('Ticket')] });

  it('refuses a description whose references name a kind of record no required module provides', () => {
    const expense = description('b', { records: [spec('Outgo', 'Ticket')] });
    expect(moduleProblems([ticket, expense], [])).toEqual([
      'module "b": Outgo.other_id points at Ticket, a record of "a", which it does not require',
    ]);
    expect(() => assertModules([ticket, expense], [])).toThrow(/Invalid modules:[\s\S]*Outgo\.other_id/);
    expect(moduleProblems([ticket, { ...expense, requires: ['a'] }], [])).toEqual([]);
    // Its own records, and those no module owns (memberships, settings), need nothing.
    expect(
      moduleProblems([description('c', { records: [spec('Note', 'Note'), spec('Tag', 'Membership')] })], []),
    ).toEqual([]);
  });

  it('refuses a requirement that is no module, and a server half without a description or listed twice', () => {
    expect(moduleProblems([description('b', { requires: ['nothing'] })], [])).toEqual([
      'module "b" requires "nothing", which is no module',
    ]);
    const server: ServerModule = { kind: 'ghost' };
    expect(moduleProblems([ticket], [server, { kind: 'a' }, { kind: 'a' }])).toEqual([
      'server module "ghost" has no module description',
      'server module "a" is listed twice',
    ]);
  });

  it('holds for the product: the finance module requires the ticket module its expenses point at', () => {
    expect(moduleProblems(MODULES, SERVER_MODULES)).toEqual([]);
    const finance = MODULES.find((m) => m.kind === 'moneta')!;
    expect(moduleProblems([...MODULES.filter((m) => m !== finance), { ...finance, requires: [] }], [])).toEqual([
      'module "moneta": Outgo.ticket_id points at Ticket, a record of "ticket", which it does not require',
    ]);
  });
});
