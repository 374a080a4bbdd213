// The wiki's indexes on the device: the rows of the `wiki/links` and `wiki/entries` views (the
// server's design document, compiled into the app) kept change by change with the replica
// (src/data/reduced-views.ts), each with a structure for its questions: the notes linking to a
// key ("linked by", a map lookup), and the entries by id (the index, the links' resolution, the
// completion). No PouchDB view index is built, and nothing is written into the linked notes.
import type { Database } from '../../../data/pouch-api.ts';
import { localDb } from '../../../data/databases.ts';
import { type Derived, keptDerived, registerKeptView, type Rows } from '../../../data/reduced-views.ts';
import type { LinkIndex } from '../../../domain/modules/textnotes/links.ts';
import {
  type Entry,
  entryOfRow,
  RECENT,
  RECORD_TARGETS,
  sortKey,
  type wikiIndex,
} from '../../../domain/modules/textnotes/wiki.ts';

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

/** A note or bookmark with the key the index sorts it by (its title without accents, then its id). */
interface Titled {
  entry: Entry;
  key: string;
}

const byKey = (a: Titled, b: Titled) => a.key < b.key;
/** Recently updated first; one date: in the index's order, as a stable sort of it would leave them. */
const byRecent = (a: Titled, b: Titled) =>
  a.entry.updatedAt === b.entry.updatedAt ? a.key < b.key : a.entry.updatedAt > b.entry.updatedAt;

/** Where `item` goes in `list`, sorted by `before`: after every element before it, and no further. */
function place(list: readonly Titled[], item: Titled, before: (a: Titled, b: Titled) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(list[mid]!, item)) low = mid + 1;
    else high = mid;
  }
  return low;
}

function insert(list: Titled[], item: Titled, before: (a: Titled, b: Titled) => boolean): void {
  list.splice(place(list, item, before), 0, item);
}

/** Takes out the element for `item`'s entry (the first at its place with that id: a tag given twice is two). */
function remove(list: Titled[], item: Titled, before: (a: Titled, b: Titled) => boolean): void {
  for (let at = place(list, item, before); at < list.length; at++) {
    if (list[at]!.entry.id !== item.entry.id) continue;
    list.splice(at, 1);
    return;
  }
}

const sameEntry = (a: Entry, b: Entry) =>
  a.klass === b.klass &&
  a.key === b.key &&
  a.title === b.title &&
  a.updatedAt === b.updatedAt &&
  a.icon === b.icon &&
  a.tags.length === b.tags.length &&
  a.tags.every((tag, i) => tag === b.tags[i]);

/** The ids of one class of link targets per key, and the one links reach (the smallest id). */
class Targets {
  readonly reached = new Map<string, string>();
  private readonly ids = new Map<string, Set<string>>();

  add(key: string, id: string): void {
    const ids = this.ids.get(key) ?? new Set<string>();
    this.ids.set(key, ids.add(id));
    const known = this.reached.get(key);
    if (known === undefined || id < known) this.reached.set(key, id);
  }

  delete(key: string, id: string): void {
    const ids = this.ids.get(key);
    if (!ids?.delete(id)) return;
    if (ids.size === 0) {
      this.ids.delete(key);
      this.reached.delete(key);
    } else if (this.reached.get(key) === id)
      this.reached.set(
        key,
        [...ids].reduce((a, b) => (b < a ? b : a)),
      );
  }
}

/** Changes spliced into the sorted lists between two reads of the index; past that, sorted anew. */
const SPLICED_AT_MOST = 256;

/**
 * What a link may name, by id (one row a document), with the index's orders and the links'
 * resolution kept change by change: a change moves its entry in the sorted lists (a binary
 * search and a splice) instead of 10,000 titles being sorted again on the next read, which took
 * more than the 50 ms an entry page may take. Many changes between two reads (the index first
 * made, a pull) are not spliced one by one (10,000 splices took 0.4 s on a busy machine): the
 * lists are sorted once when those changes are all in (`settle`), from keys made once per
 * entry. The lists handed out are made once per change.
 */
export class Entries implements Derived {
  readonly byId = new Map<string, Entry>();
  private readonly titled = new Map<string, Titled>();
  /** Whether the three lists below are in order (else they are empty, and sorted by `settle`). */
  private sorted = true;
  private spliced = 0;
  private byTitle: Titled[] = [];
  private readonly byTag = new Map<string, Titled[]>();
  private recent: Titled[] = [];
  private readonly notes = new Targets();
  private readonly tickets = new Targets();
  private readonly records = new Map(RECORD_TARGETS.map((klass) => [klass as string, new Targets()]));
  private made: { list?: Entry[]; links?: LinkIndex; index?: ReturnType<typeof wikiIndex> } = {};

  private readonly splicedAtMost: number;

  constructor(splicedAtMost = SPLICED_AT_MOST) {
    this.splicedAtMost = splicedAtMost;
  }

  update(id: string, _before: Rows, after: Rows): void {
    const entry = after[0] ? entryOfRow(id, after[0][0]) : null;
    const known = this.byId.get(id);
    if (known && entry && sameEntry(known, entry)) return;
    if (this.sorted && this.spliced++ >= this.splicedAtMost) this.unsort();
    if (known) this.forget(known);
    if (entry) this.learn(entry);
    this.made = {};
  }

  private targets(klass: string): Targets | undefined {
    return klass === 'Handbook' ? this.notes : klass === 'Ticket' ? this.tickets : this.records.get(klass);
  }

  private learn(entry: Entry): void {
    this.byId.set(entry.id, entry);
    this.targets(entry.klass)?.add(entry.key, entry.id);
    if (entry.klass !== 'Handbook' && entry.klass !== 'Bookmark') return;
    const titled = { entry, key: `${sortKey(entry)}\u0000${entry.id}` };
    this.titled.set(entry.id, titled);
    if (!this.sorted) return;
    insert(this.byTitle, titled, byKey);
    for (const tag of entry.tags) insert(this.byTag.get(tag) ?? this.byTag.set(tag, []).get(tag)!, titled, byKey);
    if (entry.klass === 'Handbook') insert(this.recent, titled, byRecent);
  }

  private forget(entry: Entry): void {
    this.byId.delete(entry.id);
    this.targets(entry.klass)?.delete(entry.key, entry.id);
    const titled = this.titled.get(entry.id);
    if (!titled) return;
    this.titled.delete(entry.id);
    if (!this.sorted) return;
    remove(this.byTitle, titled, byKey);
    for (const tag of entry.tags) {
      const tagged = this.byTag.get(tag);
      if (!tagged) continue;
      remove(tagged, titled, byKey);
      if (tagged.length === 0) this.byTag.delete(tag);
    }
    if (entry.klass === 'Handbook') remove(this.recent, titled, byRecent);
  }

  private unsort(): void {
    this.sorted = false;
    this.byTitle = [];
    this.byTag.clear();
    this.recent = [];
  }

  /** The lists made again from every entry's kept key: one sort, then changes are spliced again. */
  private sort(): void {
    this.byTitle = [...this.titled.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const titled of this.byTitle)
      for (const tag of titled.entry.tags) (this.byTag.get(tag) ?? this.byTag.set(tag, []).get(tag)!).push(titled);
    // A stable sort of the index's order by date: one date keeps its notes by title, as byRecent.
    this.recent = this.byTitle
      .filter(({ entry }) => entry.klass === 'Handbook')
      .sort((a, b) => (a.entry.updatedAt === b.entry.updatedAt ? 0 : a.entry.updatedAt > b.entry.updatedAt ? -1 : 1));
    this.sorted = true;
  }

  /** The lists sorted as soon as the changes are in: the index page's first read only copies them. */
  settle(): void {
    if (!this.sorted) this.sort();
    this.spliced = 0;
  }

  list(): Entry[] {
    return (this.made.list ??= [...this.byId.values()]);
  }

  /** The links' resolution: copies of the kept maps, so an answer given stays as it was. */
  links(): LinkIndex {
    return (this.made.links ??= {
      notes: new Map(this.notes.reached),
      tickets: new Map(this.tickets.reached),
      records: RECORD_TARGETS.map((klass) => ({ klass, byKey: new Map(this.records.get(klass)!.reached) })),
    });
  }

  /** What wikiIndex makes of the entries (its tests state the order), from the kept lists. */
  index(): ReturnType<typeof wikiIndex> {
    this.settle();
    return (this.made.index ??= {
      byTitle: this.byTitle.map(({ entry }) => entry),
      byTag: [...this.byTag.keys()]
        .sort((a, b) => (a < b ? -1 : 1))
        .map((tag): [string, Entry[]] => [tag, this.byTag.get(tag)!.map(({ entry }) => entry)]),
      recentlyUpdated: this.recent.slice(0, RECENT).map(({ entry }) => entry),
    });
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
