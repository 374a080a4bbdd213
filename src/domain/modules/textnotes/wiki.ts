// The wiki's reading rules over the `wiki/entries` rows (what a link may name): the link index a
// note's `[[links]]` resolve against, the index by title and by tag, the recently updated notes,
// which key links to a record, and a note's Markdown with its links marked for rendering.
import { type LinkIndex, resolveLink, titleKey, type WikiLink, wikiLinks } from './links.ts';

/** One row of `wiki/entries`: [klass, key, shown, updated_at, tags, icon] (records: the first three). */
export interface Entry {
  id: string;
  klass: string;
  key: string;
  title: string;
  updatedAt: string;
  tags: readonly string[];
  icon: string;
}

export function entryOfRow(id: string, key: unknown): Entry | null {
  if (!Array.isArray(key) || typeof key[0] !== 'string' || typeof key[1] !== 'string') return null;
  const [klass, linkKey, shown, updatedAt, tags, icon] = key as unknown[];
  return {
    id,
    klass: klass as string,
    key: linkKey as string,
    title: typeof shown === 'string' ? shown : '',
    updatedAt: typeof updatedAt === 'string' ? updatedAt : '',
    tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [],
    icon: typeof icon === 'string' ? icon : '',
  };
}

/** Records a title may name after a note, in precedence order (spec: a customer, then equipment). */
export const RECORD_TARGETS = ['Customer', 'Equipment'] as const;

/**
 * What links resolve against. Two notes of one title: the smaller id wins, so every device
 * resolves alike whatever order it learnt them in.
 */
export function linkIndexOf(entries: Iterable<Entry>): LinkIndex {
  const notes = new Map<string, string>();
  const tickets = new Map<string, string>();
  const records = new Map<string, Map<string, string>>(RECORD_TARGETS.map((k) => [k, new Map()]));
  const keep = (map: Map<string, string>, key: string, id: string) => {
    const known = map.get(key);
    if (known === undefined || id < known) map.set(key, id);
  };
  for (const entry of entries) {
    if (entry.klass === 'Handbook') keep(notes, entry.key, entry.id);
    else if (entry.klass === 'Ticket') keep(tickets, entry.key, entry.id);
    else {
      const map = records.get(entry.klass);
      if (map) keep(map, entry.key, entry.id);
    }
  }
  return { notes, tickets, records: RECORD_TARGETS.map((klass) => ({ klass, byKey: records.get(klass)! })) };
}

/** The `wiki/links` key that links to a record, or null for a record nothing links to by name. */
export function linkKeyOf(klass: string, doc: Readonly<Record<string, unknown>>): ['title' | 'ticket', string] | null {
  if (klass === 'Ticket') return typeof doc.number === 'string' ? ['ticket', doc.number] : null;
  const field =
    klass === 'Customer' ? 'name' : klass === 'Equipment' ? 'identifier' : klass === 'Handbook' ? 'title' : null;
  const value = field ? doc[field] : undefined;
  return typeof value === 'string' && value.trim() ? ['title', titleKey(value)] : null;
}

/**
 * Whether links written with this record's key reach it: a note of the same title, or a record
 * named so earlier in the precedence, takes them.
 */
export function linksReach(
  klass: string,
  id: string,
  doc: Readonly<Record<string, unknown>>,
  index: LinkIndex,
): boolean {
  const key = linkKeyOf(klass, doc);
  if (!key) return false;
  const target = key[0] === 'ticket' ? `#${key[1]}` : key[1];
  const resolved = resolveLink(target, index);
  return resolved.kind === 'note' ? resolved.id === id : resolved.kind === 'record' && resolved.id === id;
}

// One collator for short lists (suggestions, linked by): localeCompare with options makes one per
// call (the index of 10,000 notes took 4 s to sort that way).
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
export const byTitle = (a: Entry, b: Entry) => collator.compare(a.title, b.title) || (a.id < b.id ? -1 : 1);

/** A title as the index orders it: its key without accents, so "Ábaco" sorts with the a's. */
export const sortKey = (entry: Entry) => entry.key.normalize('NFD').replace(/\p{Mn}/gu, '');

/** How many notes the index shows as recently updated. */
export const RECENT = 10;

/**
 * The wiki's index: notes and bookmarks by title, the tags with their entries, the most recently
 * updated. Sorted by a key made once per entry and compared as plain strings: a collator's
 * comparisons took 150 ms over 10,000 notes on a busy machine.
 */
export function wikiIndex(entries: Iterable<Entry>, recent = RECENT) {
  const keyed = [...entries]
    .filter((e) => e.klass === 'Handbook' || e.klass === 'Bookmark')
    .map((entry) => ({ entry, key: `${sortKey(entry)}\u0000${entry.id}` }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const listed = keyed.map(({ entry }) => entry);
  const tags = new Map<string, Entry[]>();
  for (const entry of listed) for (const tag of entry.tags) (tags.get(tag) ?? tags.set(tag, []).get(tag)!).push(entry);
  const recentlyUpdated = listed
    .filter((e) => e.klass === 'Handbook')
    .sort((a, b) => (a.updatedAt === b.updatedAt ? 0 : a.updatedAt < b.updatedAt ? 1 : -1))
    .slice(0, recent);
  return { byTitle: listed, byTag: [...tags].sort(([a], [b]) => (a < b ? -1 : 1)), recentlyUpdated };
}

/** Titles to offer after `[[`: notes first, then customers, equipment and tickets (`#number`). */
export function linkSuggestions(entries: Iterable<Entry>, query: string, limit = 8): string[] {
  const wanted = titleKey(query);
  const order = ['Handbook', ...RECORD_TARGETS, 'Ticket'];
  const found = [...entries]
    .filter(
      (e) =>
        order.includes(e.klass) && (e.key.includes(wanted) || (e.klass === 'Ticket' && `#${e.key}`.includes(wanted))),
    )
    .sort(
      (a, b) =>
        order.indexOf(a.klass) - order.indexOf(b.klass) ||
        Number(!a.key.startsWith(wanted)) - Number(!b.key.startsWith(wanted)) ||
        byTitle(a, b),
    )
    .map((e) => (e.klass === 'Ticket' ? `#${e.key}` : e.title.trim()));
  return [...new Set(found)].slice(0, limit);
}

/** The entries a device keeps open (like tabs): the opened one first, each once, at most `max`. */
export function openEntry(open: readonly string[], id: string, max = 8): string[] {
  return [id, ...open.filter((other) => other !== id)].slice(0, max);
}

const MARKDOWN_PUNCTUATION = /[\\`*_[\]()<>#!|~{}+\-.&]/g;

/**
 * A note's Markdown with each `[[link]]` as a Markdown link to `#wikilink-<n>` (its label
 * escaped, so it stays text), and the links in order: the renderer replaces those addresses
 * with where each link goes once resolved.
 */
export function markLinks(text: string): { markdown: string; links: WikiLink[] } {
  const links = wikiLinks(text);
  let markdown = '';
  let at = 0;
  links.forEach((link, n) => {
    const label = (link.label ?? link.target).replace(MARKDOWN_PUNCTUATION, (ch) => `\\${ch}`);
    markdown += `${text.slice(at, link.start)}[${label}](#wikilink-${n})`;
    at = link.end;
  });
  return { markdown: markdown + text.slice(at), links };
}
