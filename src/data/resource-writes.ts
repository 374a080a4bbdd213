// Writing a described record: checked with the same rules the server applies, stamped with who
// and when, and noted in the record's timeline (a DocumentChange, spec 001 §3 "Timeline version":
// a document of its own, so two devices adding to one timeline never conflict).
import { newId } from '../domain/ids';
import { sameValue } from '../domain/merge';
import { type ResourceSpec, stampRecord, validateRecord } from '../domain/records/schema';
import { ApiError } from './api-error';
import type { PouchDoc } from './pouch-api';
import { getRecord, removeRecord, saveRecord } from './records';

export type ChangeAction = 'create' | 'update' | 'destroy';

export interface DocumentChange {
  _id: string;
  klass: 'DocumentChange';
  item_id: string;
  item_type: string;
  action: ChangeAction;
  fields: string[];
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

async function noteChange(
  dbName: string,
  spec: ResourceSpec,
  itemId: string,
  action: ChangeAction,
  fields: string[],
  userId: string,
  now: Date,
): Promise<void> {
  const change: DocumentChange = {
    _id: newId('DocumentChange'),
    klass: 'DocumentChange',
    item_id: itemId,
    item_type: spec.klass,
    action,
    fields,
    created_at: now.toISOString(),
    created_by: userId,
  };
  await saveRecord(dbName, change);
}

export interface WriteOptions {
  userId: string;
  now?: Date;
  /** Group features switched on: a switched-off feature's fields are not required. */
  features?: ReadonlySet<string> | null;
}

/**
 * Saves `doc` (new when it has no `_rev`). Bad input throws the same 422 the server would send,
 * before anything is written.
 */
export async function writeRecord<T extends PouchDoc>(
  dbName: string,
  spec: ResourceSpec,
  doc: T,
  { userId, now = new Date(), features = null }: WriteOptions,
): Promise<T & { _rev: string }> {
  const errors = validateRecord(spec, doc, features);
  if (errors.hasErrors) throw new ApiError(422, 'unprocessable_entity', errors.reasons);
  const before = doc._rev ? ((await getRecord<PouchDoc>(dbName, doc._id)) ?? {}) : {};
  const stamped = stampRecord({ ...doc, klass: spec.klass }, userId, now) as T;
  const saved = await saveRecord(dbName, stamped);
  const fields = changedFields(before, stamped);
  await noteChange(dbName, spec, doc._id, doc._rev ? 'update' : 'create', fields, userId, now);
  return saved;
}

export async function deleteRecord(
  dbName: string,
  spec: ResourceSpec,
  doc: { _id: string; _rev: string },
  { userId, now = new Date() }: WriteOptions,
): Promise<void> {
  await removeRecord(dbName, doc);
  await noteChange(dbName, spec, doc._id, 'destroy', [], userId, now);
}
