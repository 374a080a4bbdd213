// The search view's words kept on the device with their records (src/data/reduced-views.ts), in
// a map per kind from word to the records holding it. PouchDB's index of that view writes each
// word of each record to IndexedDB: over 10,000 tickets it took most of a minute after the first
// pull (issue 11), before which a search waited for it. A term finds the words starting with it
// (a scan of the kind's distinct words, a few thousand); a record's references are words too
// (`@<id>`), read directly.
import { localDb } from './databases.ts';
import { type Derived, keptDerived, registerKeptView, type Rows } from './reduced-views.ts';

export const SEARCH_VIEW = 'search/by-word';

class WordIndex implements Derived {
  private readonly byKlass = new Map<string, Map<string, Set<string>>>();

  update(id: string, before: Rows, after: Rows): void {
    for (const [key] of before)
      this.words(key)
        ?.get((key as string[])[1]!)
        ?.delete(id);
    for (const [key] of after) {
      const words = this.words(key, true);
      const word = (key as string[])[1]!;
      let ids = words?.get(word);
      if (!ids) words?.set(word, (ids = new Set()));
      ids?.add(id);
    }
  }

  private words(key: unknown, create = false): Map<string, Set<string>> | undefined {
    if (!Array.isArray(key) || typeof key[0] !== 'string' || typeof key[1] !== 'string') return undefined;
    let words = this.byKlass.get(key[0]);
    if (!words && create) this.byKlass.set(key[0], (words = new Map()));
    return words;
  }

  /** Records of `klass` holding a word that starts with `term`, at most `limit` of them. */
  withPrefix(klass: string, term: string, limit = Infinity): string[] {
    const found = new Set<string>();
    for (const [word, ids] of this.byKlass.get(klass) ?? []) {
      if (!word.startsWith(term)) continue;
      for (const id of ids) {
        found.add(id);
        if (found.size >= limit) return [...found];
      }
    }
    return [...found];
  }

  /** Records of `klass` holding exactly one of `words` (a reference: `@<id>`). */
  withWords(klass: string, words: readonly string[]): string[] {
    const byWord = this.byKlass.get(klass);
    return words.flatMap((word) => [...(byWord?.get(word) ?? [])]);
  }
}

registerKeptView(SEARCH_VIEW, () => new WordIndex());

/** The kept words of the group, caught up with its changes; null when the replica lacks the view. */
export function keptWords(dbName: string): Promise<WordIndex | null> {
  return keptDerived<WordIndex>(localDb(dbName), SEARCH_VIEW);
}
