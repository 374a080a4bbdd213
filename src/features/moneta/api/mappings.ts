// The group's mappings and the records they would change, read from the replica; applying them
// to existing records writes through the same rules as any edit, with progress.
import { writeOptions, type ResourceEnv } from '../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { findRecords, listFew } from '../../../data/records.ts';
import { type BatchProgress, type BatchResult, writeRecords } from '../../../data/resource-writes.ts';
import {
  mappedKlasses,
  mappingChanges,
  type Mapping,
  type MappingChange,
} from '../../../domain/modules/moneta/mappings.ts';
import { specOfKlass } from '../../../domain/records/index.ts';

/**
 * The group's mappings (a handful), by their ids: no index over every record to build before a
 * new record's first save or a statement's preview. applyMappings puts them in order.
 */
export async function listMappings(accountId: string): Promise<Mapping[]> {
  return listFew<{ _id: string } & Mapping>(accountId, 'Mapping');
}

/** More records of one kind than this are not previewed at once (a phone holds them all in memory). */
const RECORDS_LIMIT = 100_000;

/** What the active mappings would change in the records already stored, newest first. */
export async function previewMappings(accountId: string): Promise<MappingChange<PouchDoc>[]> {
  const mappings = await listMappings(accountId);
  const records = await Promise.all(
    mappedKlasses(mappings).map((klass) =>
      findRecords<PouchDoc>(accountId, {
        selector: { klass, date: { $gt: null } },
        sort: [{ klass: 'desc' }, { date: 'desc' }],
        limit: RECORDS_LIMIT,
      }),
    ),
  );
  return mappingChanges(records.flat(), mappings);
}

export interface AppliedMappings {
  changed: number;
  /** Changed by someone else since the preview: left as they are, to preview again. */
  conflicts: number;
  /** Refused by the rules (a wallet no longer there), with the first reason. */
  refused: BatchResult<PouchDoc>['refused'];
}

/**
 * Writes the previewed changes kind by kind, through the same rules as any edit; a record the
 * rules refuse (a wallet no longer there) is left out and named, the rest are written.
 */
export async function applyMappingChanges(
  env: ResourceEnv,
  changes: readonly MappingChange<PouchDoc>[],
  onProgress: (progress: BatchProgress) => void,
): Promise<AppliedMappings> {
  const result: AppliedMappings = { changed: 0, conflicts: 0, refused: [] };
  const total = changes.length;
  const byKlass = new Map<string, MappingChange<PouchDoc>[]>();
  for (const change of changes) {
    const klass = String(change.after.klass);
    const ofKlass = byKlass.get(klass);
    if (ofKlass) ofKlass.push(change);
    else byKlass.set(klass, [change]);
  }
  let done = 0;
  for (const [klass, ofKlass] of byKlass) {
    const spec = specOfKlass(klass);
    if (!spec) continue;
    const before = done;
    const written = await writeRecords(
      env.accountId,
      spec,
      ofKlass.map((change) => change.after),
      {
        ...writeOptions(env),
        skipRefused: true,
        onProgress: ({ written }) => onProgress({ written: before + written, total }),
      },
    );
    result.changed += written.saved.length;
    result.conflicts += written.conflicts.length;
    result.refused.push(...written.refused);
    done += ofKlass.length;
    onProgress({ written: done, total });
  }
  return result;
}
