// The group's mappings and the records they would change, read from the replica; applying them
// to existing records writes through the same rules as any edit, with progress.
import { writeOptions, type ResourceEnv } from '../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { ApiError } from '../../../data/api-error.ts';
import { findRecords } from '../../../data/records.ts';
import { type BatchProgress, writeRecords } from '../../../data/resource-writes.ts';
import {
  mappedKlasses,
  mappingChanges,
  type Mapping,
  type MappingChange,
} from '../../../domain/modules/moneta/mappings.ts';
import { specOfKlass } from '../../../domain/records/index.ts';

export async function listMappings(accountId: string): Promise<Mapping[]> {
  return findRecords<{ _id: string } & Mapping>(accountId, {
    selector: { klass: 'Mapping', order: { $gt: null } },
    sort: [{ klass: 'asc' }, { order: 'asc' }],
    limit: 10_000,
  });
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
  refused: Array<{ id: string; field: string; message: string }>;
}

/**
 * Writes the previewed changes kind by kind. A record the rules refuse is left out and named,
 * so one stale record does not hold back the rest (writeRecords refuses a batch as a whole).
 */
export async function applyMappingChanges(
  env: ResourceEnv,
  changes: readonly MappingChange<PouchDoc>[],
  onProgress: (progress: BatchProgress) => void,
): Promise<AppliedMappings> {
  const result: AppliedMappings = { changed: 0, conflicts: 0, refused: [] };
  const total = changes.length;
  let done = 0;
  for (const klass of new Set(changes.map((c) => String(c.after.klass)))) {
    const spec = specOfKlass(klass);
    if (!spec) continue;
    let docs = changes.filter((c) => c.after.klass === klass).map((c) => c.after);
    const before = done;
    const options = {
      ...writeOptions(env),
      onProgress: ({ written }: BatchProgress) => onProgress({ written: before + written, total }),
    };
    const written = await writeRecords(env.accountId, spec, docs, options).catch((error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 422 || !error.reason || typeof error.reason !== 'object')
        throw error;
      const refused = new Map<number, { field: string; message: string }>();
      for (const [key, messages] of Object.entries(error.reason)) {
        const [index, field = ''] = key.split('.') as [string, string?];
        if (/^\d+$/.test(index) && !refused.has(Number(index)))
          refused.set(Number(index), { field, message: String(messages[0] ?? '') });
      }
      if (refused.size === 0) throw error;
      result.refused.push(...[...refused].map(([index, why]) => ({ id: docs[index]!._id, ...why })));
      docs = docs.filter((_, index) => !refused.has(index));
      return writeRecords(env.accountId, spec, docs, options);
    });
    result.changed += written.saved.length;
    result.conflicts += written.conflicts.length;
    done += changes.filter((c) => c.after.klass === klass).length;
    onProgress({ written: done, total });
  }
  return result;
}
