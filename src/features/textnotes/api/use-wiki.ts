// The wiki's state on the device, read again whenever the replica changes: its entries (notes,
// bookmarks and what links may name), the links' resolution index, and the notes linking to a key.
import { useCallback } from 'react';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { readJson, writeJson } from '../../../data/preferences.ts';
import type { LinkIndex } from '../../../domain/modules/textnotes/links.ts';
import { byTitle, type Entry, linkIndexOf, openEntry, wikiIndex } from '../../../domain/modules/textnotes/wiki.ts';
import { type Backlinks, readBacklinks, readEntries } from './wiki-index.ts';

export interface WikiState {
  entries: readonly Entry[];
  byId: ReadonlyMap<string, Entry>;
  index: LinkIndex;
  backlinks: Backlinks | null;
  /** The wiki's index (by title, by tag, recently updated), made once per state of the entries. */
  listing: () => ReturnType<typeof wikiIndex>;
}

const NONE = linkIndexOf([]);

export async function readWiki(dbName: string): Promise<WikiState> {
  const [entries, backlinks] = await Promise.all([readEntries(dbName), readBacklinks(dbName)]);
  if (!entries) return { entries: [], byId: new Map(), index: NONE, backlinks, listing: () => wikiIndex([]) };
  return {
    entries: entries.list(),
    byId: entries.byId,
    index: entries.links(),
    backlinks,
    listing: () => entries.index(),
  };
}

export function useWiki(dbName: string) {
  const load = useCallback(() => readWiki(dbName), [dbName]);
  return useReplicaQuery(dbName, load);
}

/** The notes linking to `key`, but `self`, as entries by title. */
export function linkingEntries(wiki: WikiState, key: readonly [string, string], self?: string): Entry[] {
  return (wiki.backlinks?.linking(key) ?? [])
    .filter((id) => id !== self)
    .flatMap((id) => wiki.byId.get(id) ?? [])
    .sort(byTitle);
}

// The entries open on this device, like tabs (spec 001 §2 "open entries"), per group.
const openKey = (dbName: string) => `moneta.wiki-open.${dbName}`;

export function readOpenEntries(dbName: string): string[] {
  const stored = readJson<unknown>(openKey(dbName));
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

export function rememberOpenEntry(dbName: string, id: string): string[] {
  const open = openEntry(readOpenEntries(dbName), id);
  writeJson(openKey(dbName), open);
  return open;
}

export function closeOpenEntry(dbName: string, id: string): string[] {
  const open = readOpenEntries(dbName).filter((other) => other !== id);
  writeJson(openKey(dbName), open);
  return open;
}
