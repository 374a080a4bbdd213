// The wiki's box finds notes and bookmarks by the words of their text, not only by title: through
// the group's search view as the record lists search (the handbooks' title, content and tags,
// the bookmarks' address and tags), kept on the device, so it works offline.
import { useCallback } from 'react';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { searchRecordIds } from '../../../data/record-list.ts';
import { bookmarks, handbooks } from '../../../domain/modules/textnotes/records.ts';

export async function searchNotes(dbName: string, text: string): Promise<ReadonlySet<string>> {
  const found = await Promise.all([handbooks, bookmarks].map((spec) => searchRecordIds(dbName, spec.klass, text)));
  return new Set(found.flat());
}

/** The ids of the notes and bookmarks `text` finds; undefined while being read. */
export function useNoteSearch(dbName: string, text: string): ReadonlySet<string> | undefined {
  const load = useCallback(() => searchNotes(dbName, text), [dbName, text]);
  return useReplicaQuery(dbName, load).value;
}
