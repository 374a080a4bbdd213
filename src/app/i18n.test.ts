import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOO_LONG_NAME, TOO_SHORT_PASSWORD } from '../domain/account-forms.ts';
import { FIELD_MESSAGES, MESSAGES, reasonKey } from '../domain/errors.ts';
import { GROUP_MESSAGES } from '../domain/groups.ts';
import { MODULES } from '../domain/modules/index.ts';
import en from '../../locales/en/translation.json';
import ptBR from '../../locales/pt-BR/translation.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [k, v] of flatten(value, path)) keys.set(k, v);
  }
  return keys;
}

const EN = flatten(en);
const PT = flatten(ptBR);
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

describe('translations', () => {
  it('have the same keys in every language', () => {
    expect(
      [...PT.keys()].filter((k) => !EN.has(k)),
      'only in pt-BR',
    ).toEqual([]);
    expect(
      [...EN.keys()].filter((k) => !PT.has(k)),
      'only in en',
    ).toEqual([]);
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
      TOO_SHORT_PASSWORD,
      TOO_LONG_NAME,
      ...MODULES.flatMap((module) => module.messages ?? []),
    ];
    expect(reasons.map((r) => `errors.${reasonKey(r)}`).filter((key) => !EN.has(key))).toEqual([]);
  });

  it('title every error code', () => {
    const codes = ['unprocessable_entity', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'too_many_requests'];
    codes.push('internal_server_error', 'undefined_error', 'connection_error', 'bad_request');
    expect(codes.filter((code) => !EN.has(`errorTitles.${code}`))).toEqual([]);
    expect(EN.get('errorTitles.unprocessable_entity')).toBe('Your request failed');
  });

  it('name everything of every module, in both languages', () => {
    for (const module of MODULES) {
      const keys = [
        `modules.${module.kind}`,
        ...module.menu.map((entry) => `nav.pages.${entry.key}`),
        ...module.others.map((entry) => `nav.othersMenu.${entry.key}`),
        ...(module.elsewhere?.others ?? []).map((entry) => `nav.othersMenu.${entry.key}`),
        ...module.tiles.map((tile) => `admin.tiles.${tile.resource}`),
        ...module.pages.map((page) => page.title),
        ...module.settings.flatMap((setting) => [
          `admin.features.${setting.key}`,
          ...(setting.type === 'select'
            ? setting.options.map((o) => `admin.features.options.${setting.key}.${o}`)
            : []),
        ]),
        ...module.records.flatMap((spec) => [
          `records.${spec.resource}.title`,
          `records.${spec.resource}.one`,
          `klasses.${spec.klass}`,
          ...spec.fields.map((field) => `records.${spec.resource}.fields.${field.name}`),
        ]),
      ];
      for (const key of keys) {
        expect(hasKey(EN, key), `en: ${key}`).toBe(true);
        expect(hasKey(PT, key), `pt-BR: ${key}`).toBe(true);
      }
    }
  });
});
