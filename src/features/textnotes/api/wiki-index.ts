// The wiki's indexes on the device: the rows of the `wiki/links` and `wiki/entries` views (the
// server's design document, compiled into the app) kept change by change with the replica
// (src/data/reduced-views.ts), each with a structure for its questions: the notes linking to a
// key ("linked by", a map lookup), and the entries by id (the index, the links' resolution, the
// completion). No PouchDB view index is built, and nothing is written into the linked notes.
import type { Database } from '../../../data/pouch-api.ts';
import { localDb } from '../../../data/databases.ts';
import { type Derived, keptDerived, registerKeptView, type Rows } from '../../../data/reduced-views.ts';
import type { LinkIndex } from '../../../domain/modules/textnotes/links.ts';
import { type Entry, entryOfRow, linkIndexOf, wikiIndex } from '../../../domain/modules/textnotes/wiki.ts';

export const LINKS_VIEW = 'wiki/links';
export const ENTRIES_VIEW = 'wiki/entries';

const keyId = (key: unknown) => JSON.stringify(key);

/** The notes linking to each key (`['title', key]` or `['ticket', number]`). */
export class Backlinks implements Derived {
  private readonly byKey = new Map<string, Set<string>>();

  update(id: string, before: Rows, after: Rows): void {
    for (const [key] of before) this.byKey.get(keyId(key))?.delete(id);
    for (const [key] of after) {
      const ids = this.byKey.get(keyId(key)) ?? new Set<string>();
      this.byKey.set(keyId(key), ids.add(id));
    }
  }

  /** The ids of the notes whose text links to `key`. */
  linking(key: readonly [string, string]): string[] {
    return [...(this.byKey.get(keyId(key)) ?? [])];
  }
}

/**
 * What a link may name, by id (one row a document), with what is made from them kept until the
 * next change: the list, the links' resolution index and the wiki's index (10,000 notes sorted
 * by title on every read cost more than the 50 ms an entry page may take).
 */
export class Entries implements Derived {
  readonly byId = new Map<string, Entry>();
  private made: { list?: Entry[]; links?: LinkIndex; index?: ReturnType<typeof wikiIndex> } = {};

  update(id: string, _before: Rows, after: Rows): void {
    const entry = after[0] ? entryOfRow(id, after[0][0]) : null;
    if (entry) this.byId.set(id, entry);
    else this.byId.delete(id);
    this.made = {};
  }

  list(): Entry[] {
    return (this.made.list ??= [...this.byId.values()]);
  }

  links(): LinkIndex {
    return (this.made.links ??= linkIndexOf(this.byId.values()));
  }

  index(): ReturnType<typeof wikiIndex> {
    return (this.made.index ??= wikiIndex(this.list()));
  }
}

registerKeptView(LINKS_VIEW, () => new Backlinks());
registerKeptView(ENTRIES_VIEW, () => new Entries());

/** A group without the wiki's design document (text notes off, or not pulled yet) has no index. */
async function kept<T extends Derived>(db: Database, view: string): Promise<T | null> {
  try {
    return await keptDerived<T>(db, view);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export function readBacklinks(dbName: string): Promise<Backlinks | null> {
  return kept<Backlinks>(localDb(dbName), LINKS_VIEW);
}

export function readEntries(dbName: string): Promise<Entries | null> {
  return kept<Entries>(localDb(dbName), ENTRIES_VIEW);
}
