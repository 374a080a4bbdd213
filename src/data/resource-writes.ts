// Writing a described record: checked with the same rules the server applies, stamped with who
// and when, and noted in the record's timeline (a DocumentChange, spec 001 §3 "Timeline version":
// a document of its own, so two devices adding to one timeline never conflict).
import { FIELD_MESSAGES } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { sameValue } from '../domain/merge.ts';
import {
  judgeRecordDelete,
  judgeRecordWrite,
  lookupIds,
  type ResourceSpec,
  type RuleContext,
  stampRecord,
} from '../domain/records/schema.ts';
import { ApiError } from './api-error.ts';
import type { PouchDoc } from './pouch-api.ts';
import { getRecord, getRecords, removeRecord, saveRecord, saveRecords } from './records.ts';

export type ChangeAction = 'create' | 'update' | 'destroy';

export interface DocumentChange {
  _id: string;
  klass: 'DocumentChange';
  item_id: string;
  item_type: string;
  action: ChangeAction;
  fields: string[];
  /** A batch's entry: every record it wrote (item_id is the first). */
  item_ids?: string[];
  created_at: string;
  created_by: string;
}

function changedFields(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => !key.startsWith('_') && !/^(created|updated)_(at|by)$/.test(key))
    .filter((key) => !sameValue(before[key], after[key]))
    .sort();
}

function changeOf(
  spec: ResourceSpec,
  itemId: string,
  action: ChangeAction,
  fields: string[],
  userId: string,
  now: Date,
): DocumentChange {
  return {
    _id: newId('DocumentChange'),
    klass: 'DocumentChange',
    item_id: itemId,
    item_type: spec.klass,
    action,
    fields,
    created_at: now.toISOString(),
    created_by: userId,
  };
}

export interface WriteOptions {
  userId: string;
  now?: Date;
  /** Group features switched on: a switched-off feature's fields are not required. */
  features?: ReadonlySet<string> | null;
  /** The group's settings, for rules about changes that depend on them. */
  settings?: Readonly<Record<string, unknown>> | null;
}

function ruleContext({ now = new Date(), settings = null }: WriteOptions): RuleContext {
  // The server judges with its UTC day: the device does the same, so both say alike.
  return { settings, today: now.toISOString().slice(0, 10) };
}

/** The context with the records the spec's rules look up, as this replica has them (and the batch's own). */
async function withLookups(
  dbName: string,
  spec: ResourceSpec,
  docs: readonly PouchDoc[],
  context: RuleContext,
): Promise<RuleContext> {
  const ids = [...new Set(docs.flatMap((doc) => lookupIds(spec, doc)))];
  if (ids.length === 0) return context;
  const found = await getRecords<PouchDoc>(dbName, ids);
  const records = new Map<string, PouchDoc>(found.flatMap((doc) => (doc ? [[doc._id, doc] as const] : [])));
  for (const doc of docs) records.set(doc._id, doc);
  return { ...context, records };
}

/**
 * Saves `doc` (new when it has no `_rev`). Bad input, or a change the rules refuse beside the
 * stored version, throws the same 422 the server would send, before anything is written.
 */
export async function writeRecord<T extends PouchDoc>(
  dbName: string,
  spec: ResourceSpec,
  doc: T,
  options: WriteOptions,
): Promise<T & { _rev: string }> {
  const { userId, now = new Date(), features = null } = options;
  const before = doc._rev ? await getRecord<PouchDoc>(dbName, doc._id) : null;
  const context = await withLookups(dbName, spec, [doc], ruleContext(options));
  const errors = judgeRecordWrite(spec, before, doc, context, features);
  if (errors.hasErrors) throw new ApiError(422, 'unprocessable_entity', errors.reasons);
  const stamped = stampRecord({ ...doc, klass: spec.klass }, userId, now) as T;
  const saved = await saveRecord(dbName, stamped);
  if (spec.noHistory) return saved;
  const fields = changedFields(before ?? {}, stamped);
  await saveRecord(dbName, changeOf(spec, doc._id, doc._rev ? 'update' : 'create', fields, userId, now));
  return saved;
}

export async function deleteRecord(
  dbName: string,
  spec: ResourceSpec,
  doc: { _id: string; _rev: string },
  options: WriteOptions,
): Promise<void> {
  const { userId, now = new Date() } = options;
  const refusal = judgeRecordDelete(spec, await getRecord<PouchDoc>(dbName, doc._id), ruleContext(options));
  if (refusal) throw new ApiError(422, 'unprocessable_entity', refusal);
  await removeRecord(dbName, doc);
  await saveRecord(dbName, changeOf(spec, doc._id, 'destroy', [], userId, now));
}

export interface BatchProgress {
  written: number;
  total: number;
}

export interface BatchResult<T> {
  saved: Array<T & { _rev: string }>;
  /** Records someone else changed since they were read: not written, to read again. */
  conflicts: string[];
  /** With `skipRefused`: records the rules refused, left out, each with its first reason. */
  refused: Array<{ id: string; field: string; message: string }>;
}

const BATCH_SIZE = 200;

/**
 * Saves many records of one kind (an imported CSV, items a server fetched). Every record is
 * judged first, as writeRecord judges one: if any is refused, nothing is written and the 422
 * names each reason `<index>.<field>` — or, with `skipRefused` (changes applied to many
 * existing records), the refused ones are left out and listed. Then they are written in
 * batches, each noted in the timeline by one entry (its first record's, listing them all), with
 * progress after each.
 */
export async function writeRecords<T extends PouchDoc>(
  dbName: string,
  spec: ResourceSpec,
  all: readonly T[],
  options: WriteOptions & {
    onProgress?: (progress: BatchProgress) => void;
    batchSize?: number;
    skipRefused?: boolean;
  },
): Promise<BatchResult<T>> {
  const { userId, now = new Date(), features = null, batchSize = BATCH_SIZE } = options;
  const ids = all.map((doc) => doc._id);
  if (new Set(ids).size !== ids.length)
    throw new ApiError(422, 'unprocessable_entity', { _id: [FIELD_MESSAGES.taken] });
  const stored = await getRecords<PouchDoc>(
    dbName,
    all.filter((doc) => doc._rev).map((doc) => doc._id),
  );
  const before = new Map(stored.filter((d): d is PouchDoc => d !== null).map((d) => [d._id, d]));
  const reasons: Record<string, string[]> = {};
  const result: BatchResult<T> = { saved: [], conflicts: [], refused: [] };
  const context = await withLookups(dbName, spec, all, ruleContext(options));
  const docs = all.filter((doc, index) => {
    const errors = judgeRecordWrite(spec, before.get(doc._id) ?? null, doc, context, features);
    const [first] = Object.entries(errors.reasons);
    if (first) result.refused.push({ id: doc._id, field: first[0], message: first[1][0] ?? '' });
    for (const [field, messages] of Object.entries(errors.reasons)) reasons[`${index}.${field}`] = messages;
    return !first;
  });
  if (!options.skipRefused && result.refused.length > 0) throw new ApiError(422, 'unprocessable_entity', reasons);

  for (let start = 0; start < docs.length; start += batchSize) {
    const batch = docs
      .slice(start, start + batchSize)
      .map((doc) => stampRecord({ ...doc, klass: spec.klass }, userId, now) as T);
    const outcomes = await saveRecords(dbName, batch);
    const saved = batch.flatMap((doc, i) => {
      const outcome = outcomes[i]!;
      return 'rev' in outcome ? [{ ...doc, _rev: outcome.rev }] : [];
    });
    result.conflicts.push(...outcomes.filter((o) => 'conflict' in o).map((o) => o.id));
    result.saved.push(...saved);
    if (saved.length > 0) {
      const fields = [...new Set(saved.flatMap((doc) => changedFields(before.get(doc._id) ?? {}, doc)))].sort();
      const action = saved.every((doc) => before.has(doc._id)) ? 'update' : 'create';
      const change: DocumentChange = {
        ...changeOf(spec, saved[0]!._id, action, fields, userId, now),
        item_ids: saved.map((d) => d._id),
      };
      await saveRecord(dbName, change);
    }
    options.onProgress?.({ written: Math.min(start + batchSize, docs.length), total: docs.length });
  }
  return result;
}

export interface RemovalResult {
  removed: string[];
  /** Kept, with the rule's reason (a confirmed expense). */
  kept: Array<{ id: string; reason: string }>;
  /** Changed elsewhere since read: not removed, to read again. */
  conflicts: string[];
}

/**
 * Deletes many stored records of one kind (an import undone): each judged as deleteRecord judges
 * one, those the rules keep are reported and the others removed in batches, each batch noted in
 * the timeline by one entry listing them, with progress after each.
 */
export async function removeRecords(
  dbName: string,
  spec: ResourceSpec,
  ids: readonly string[],
  options: WriteOptions & { onProgress?: (progress: BatchProgress) => void; batchSize?: number },
): Promise<RemovalResult> {
  const { userId, now = new Date(), batchSize = BATCH_SIZE } = options;
  const stored = (await getRecords<PouchDoc>(dbName, ids)).filter(
    (doc): doc is PouchDoc & { _rev: string } =>
      doc !== null && doc.klass === spec.klass && typeof doc._rev === 'string',
  );
  const result: RemovalResult = { removed: [], kept: [], conflicts: [] };
  const removable = stored.filter((doc) => {
    const reason = judgeRecordDelete(spec, doc, ruleContext(options));
    if (reason) result.kept.push({ id: doc._id, reason });
    return !reason;
  });
  for (let start = 0; start < removable.length; start += batchSize) {
    const batch = removable
      .slice(start, start + batchSize)
      .map((doc) => ({ _id: doc._id, _rev: doc._rev, _deleted: true }));
    const outcomes = await saveRecords(dbName, batch);
    const removed = outcomes.flatMap((o) => ('rev' in o ? [o.id] : []));
    result.conflicts.push(...outcomes.filter((o) => 'conflict' in o).map((o) => o.id));
    result.removed.push(...removed);
    if (removed.length > 0)
      await saveRecord(dbName, { ...changeOf(spec, removed[0]!, 'destroy', [], userId, now), item_ids: removed });
    options.onProgress?.({ written: Math.min(start + batchSize, removable.length), total: removable.length });
  }
  return result;
}

/** Writes per record, one after the other: two quick changes must not race on one revision. */
const queues = new Map<string, Promise<unknown>>();
const CONFLICT_RETRIES = 3;

/**
 * Read-modify-write of one record: applies `change` to the record as the replica holds it now
 * (not as a page last showed it) and saves it through writeRecord; if sync wrote a newer revision
 * in between, it reads and applies again. Resolves to null when `change` finds nothing to do.
 */
export function updateRecord(
  dbName: string,
  spec: ResourceSpec,
  id: string,
  change: (record: PouchDoc) => PouchDoc | null,
  options: WriteOptions,
): Promise<PouchDoc | null> {
  const key = `${dbName}/${id}`;
  const run = async () => {
    for (let attempt = 0; ; attempt++) {
      const record = await getRecord<PouchDoc>(dbName, id);
      const changed = record && change(record);
      if (!changed) return null;
      try {
        return await writeRecord(dbName, spec, changed, options);
      } catch (error) {
        if ((error as { status?: number }).status !== 409 || attempt >= CONFLICT_RETRIES) throw error;
      }
    }
  };
  const next = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(run);
  queues.set(key, next);
  void next.finally(() => queues.get(key) === next && queues.delete(key)).catch(() => undefined);
  return next;
}
