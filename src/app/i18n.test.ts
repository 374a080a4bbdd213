import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOO_LONG_NAME, TOO_SHORT_PASSWORD } from '../domain/account-forms.ts';
import { FIELD_MESSAGES, MESSAGES, reasonKey } from '../domain/errors.ts';
import { BILLING_MESSAGES } from '../domain/billing.ts';
import { GROUP_MESSAGES } from '../domain/groups.ts';
import { MODULES } from '../domain/modules/index.ts';
import { localeFiles, localeTexts, type Texts as Tree } from '../../test/support/locale-texts.ts';
import { MODULE_NAMESPACES } from './locale-files.ts';

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [k, v] of flatten(value, path)) keys.set(k, v);
  }
  return keys;
}

const EN_FILES = localeFiles('en');
const PT_FILES = localeFiles('pt-BR');
// Every text, once every module's file is loaded, and the shared file alone (what the shell has).
const EN = flatten(localeTexts('en'));
const PT = flatten(localeTexts('pt-BR'));
const EN_SHARED = flatten(EN_FILES.get('translation')!);
const PT_SHARED = flatten(PT_FILES.get('translation')!);
const SRC = join(import.meta.dirname, '..');

/** A key used in code exists directly or as plural forms (`key_one`, `key_other`). */
function hasKey(keys: Map<string, string>, key: string): boolean {
  return keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'server' || name === 'couch' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function keysUsedInSource(): { file: string; key: string }[] {
  const pattern = /\bt\(\s*'([^'$]+)'|i18nKey="([^"]+)"/g;
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => ({ file: relative(SRC, file), key: m[1] ?? m[2]! })),
  );
}

function interpolations(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]!).sort();
}

/** The module whose screens a source file is part of (its src/features folder), or null for the shell's. */
function ownerOf(file: string): string | null {
  return MODULES.find((m) => m.built && file.startsWith(join('features', m.feature) + '/'))?.kind ?? null;
}

/** The keys a module's description names: menus, tiles, settings, page titles, records (the shell shows them). */
function describedKeys(module: (typeof MODULES)[number]): string[] {
  return [
    `modules.${module.kind}`,
    ...module.menu.map((entry) => `nav.pages.${entry.key}`),
    ...module.others.map((entry) => `nav.othersMenu.${entry.key}`),
    ...(module.elsewhere?.others ?? []).map((entry) => `nav.othersMenu.${entry.key}`),
    ...module.tiles.map((tile) => `admin.tiles.${tile.resource}`),
    ...module.pages.map((page) => page.title),
    ...module.settings.flatMap((setting) => [
      `admin.features.${setting.key}`,
      ...(setting.type === 'select' ? setting.options.map((o) => `admin.features.options.${setting.key}.${o}`) : []),
    ]),
    ...module.records.flatMap((spec) => [
      `records.${spec.resource}.title`,
      `records.${spec.resource}.one`,
      `klasses.${spec.klass}`,
      ...spec.fields.map((field) => `records.${spec.resource}.fields.${field.name}`),
    ]),
  ];
}

describe('translations', () => {
  it('come as the same files in every language: the shared one and one per module', () => {
    expect([...PT_FILES.keys()]).toEqual([...EN_FILES.keys()]);
    expect([...EN_FILES.keys()].filter((ns) => ns !== 'translation')).toEqual([...MODULE_NAMESPACES].sort());
    const kinds = MODULES.map((m) => m.kind);
    expect(
      MODULE_NAMESPACES.filter((ns) => !kinds.includes(ns)),
      'a file for no module',
    ).toEqual([]);
  });

  it('have the same keys in every language, file by file, and each key in one file only', () => {
    const owners = new Map<string, string>();
    for (const [ns, texts] of EN_FILES) {
      const en = flatten(texts);
      const pt = flatten(PT_FILES.get(ns)!);
      expect(
        [...pt.keys()].filter((k) => !en.has(k)),
        `only in pt-BR/${ns}`,
      ).toEqual([]);
      expect(
        [...en.keys()].filter((k) => !pt.has(k)),
        `only in en/${ns}`,
      ).toEqual([]);
      for (const key of en.keys()) {
        expect(owners.get(key), `${key} in ${ns}`).toBeUndefined();
        owners.set(key, ns);
      }
    }
  });

  it("keep a module's own texts in its file, and the texts the shell or other screens use in the shared one", () => {
    const users = new Map<string, Set<string | null>>();
    for (const { file, key } of keysUsedInSource()) {
      const base = EN.has(key) ? key : `${key}_other`;
      users.set(base, (users.get(base) ?? new Set()).add(ownerOf(file)));
    }
    // Shown before a module's screens load: what its description names, the generic screens'
    // titles (the navbar's and the document's), and the navigation shell's own texts (a module's
    // navbar item sits outside its screens).
    const shell = new Set(
      MODULES.flatMap((module) => [
        ...describedKeys(module),
        ...module.records.flatMap((spec) => [`records.${spec.resource}.new`, `records.${spec.resource}.edit`]),
      ]),
    );
    const misplaced: string[] = [];
    for (const [key, owners] of users) {
      const only = owners.size === 1 ? [...owners][0]! : null;
      const wanted = shell.has(key) || key.startsWith('nav.') ? 'translation' : (only ?? 'translation');
      const where = [...EN_FILES].find(([, texts]) => flatten(texts).has(key))?.[0];
      if (where && where !== wanted) misplaced.push(`${key}: in ${where}, used by ${[...owners].join(', ')}`);
    }
    expect(misplaced).toEqual([]);
  });

  it('are loaded by the build under content hashes, every file of every language', () => {
    const files = ['en', 'pt-BR'].flatMap((lng) => [...localeFiles(lng).keys()].map((ns) => `${lng}/${ns}`));
    expect(Object.keys(__LOCALE_VERSIONS__).sort()).toEqual(files.sort());
  });

  it('have no empty texts and keep the same placeholders', () => {
    for (const [key, text] of EN) {
      expect(text.trim(), key).not.toBe('');
      expect(PT.get(key)?.trim(), key).not.toBe('');
      expect(interpolations(PT.get(key) ?? ''), key).toEqual(interpolations(text));
    }
  });

  it('cover every key the source uses', () => {
    const used = keysUsedInSource();
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter(({ key }) => !hasKey(EN, key))).toEqual([]);
  });

  it('cover every server reason and field message', () => {
    const reasons = [
      ...Object.values(FIELD_MESSAGES),
      ...Object.values(MESSAGES),
      ...Object.values(GROUP_MESSAGES),
      ...Object.values(BILLING_MESSAGES),
      TOO_SHORT_PASSWORD,
      TOO_LONG_NAME,
      ...MODULES.flatMap((module) => module.messages ?? []),
    ];
    expect(reasons.map((r) => `errors.${reasonKey(r)}`).filter((key) => !EN_SHARED.has(key))).toEqual([]);
  });

  it('title every error code', () => {
    const codes = ['unprocessable_entity', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'too_many_requests'];
    codes.push(
      'internal_server_error',
      'undefined_error',
      'connection_error',
      'bad_request',
      'payments_not_configured',
    );
    expect(codes.filter((code) => !EN.has(`errorTitles.${code}`))).toEqual([]);
    expect(EN.get('errorTitles.unprocessable_entity')).toBe('Your request failed');
  });

  // The shell shows them (menus, tiles, settings, titles, record names) before a module's screens load.
  it('name everything of every module, in both languages, in the shared file', () => {
    for (const module of MODULES) {
      for (const key of describedKeys(module)) {
        expect(hasKey(EN_SHARED, key), `en: ${key}`).toBe(true);
        expect(hasKey(PT_SHARED, key), `pt-BR: ${key}`).toBe(true);
      }
    }
  });
});
