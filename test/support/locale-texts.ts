// The browser's texts as files on disk: one language's shared file (translation.json) and its
// modules' (<kind>.json), apart or merged into what the app has once every module's are loaded.
// mail.json is the server's, never the browser's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Texts = { [key: string]: string | Texts };

// A path, not a URL: happy-dom's URL (component tests) is not one Node's fs accepts.
const LOCALES_DIR = join(import.meta.dirname, '../../locales');

/** A language's browser files by namespace: `translation` and one per module. */
export function localeFiles(lng: string): Map<string, Texts> {
  const dir = join(LOCALES_DIR, lng);
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json') && name !== 'mail.json')
      .sort()
      .map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, name), 'utf8')) as Texts]),
  );
}

function merge(into: Texts, from: Texts): Texts {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    into[key] = typeof value === 'object' && typeof there === 'object' ? merge({ ...there }, value) : value;
  }
  return into;
}

/** Every text of a language, keys as the code names them (a module's file repeats the paths). */
export function localeTexts(lng: string): Texts {
  return [...localeFiles(lng).values()].reduce<Texts>((all, texts) => merge(all, texts), {});
}
