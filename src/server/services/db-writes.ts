// The door's judging of writes (src/server/routes/db-proxy.ts): every document a request writes
// is judged as the revision it makes, beside the stored version of its document, with the rules of
// src/domain/permissions.ts and the records it looks up. One document (PUT, POST, DELETE), one
// attachment (an attachment PUT or DELETE changes the document it hangs on, so it is judged as
// that document's next revision, with the rules any other write meets) and a batch (`_bulk_docs`,
// replication's `new_edits: false` too) all go through `judgeWrites`. The judge reads the store
// only through `DoorReads`, so it is tested against a small in-memory store (db-writes.test.ts).
import type { Request } from 'express';
import { groupWriteLock } from '../../domain/billing.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors.ts';
import { databaseKind, isId } from '../../domain/ids.ts';
import {
  type Actor,
  canReadDatabase,
  checkDocWrite,
  type DocWrite,
  type GroupAccess,
  hasAttachment,
  isAddressableId,
  withAttachment,
  type WriteVerdict,
} from '../../domain/permissions.ts';
import { completeStamps, lookupIds, type RuleContext, specOfKlass } from '../../domain/records/index.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/http-error.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { isGroupAdmin, parentFor, readSettings } from './groups.ts';
import { groupAccess } from '../../domain/group-access.ts';

/** What the judge reads: stored documents, whether the caller administers the group, its settings. */
export interface DoorReads {
  /** The live stored versions of these documents, by id (missing and deleted ones absent). */
  storedDocs(db: string, ids: readonly string[]): Promise<Map<string, CouchDoc>>;
  isAdmin(db: string, userId: string): Promise<boolean>;
  /** The group's parent through which `roles` may reach it (`parentFor`), else null. */
  parentOf(db: string, roles: readonly string[]): Promise<string | null>;
  settings(db: string): Promise<Record<string, unknown>>;
}

/** The store's answers, one request per question (a batch's documents in one `_all_docs`). */
export function storeReads(ctx: AppContext): DoorReads {
  return {
    async storedDocs(db, ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const res = await ctx.store.must<{ rows: Array<{ id?: string; doc?: CouchDoc | null }> }>(
        `/${encodeURIComponent(db)}/_all_docs`,
        { method: 'POST', query: { include_docs: true }, body: { keys: unique } },
      );
      return new Map(res.rows.flatMap((r) => (r.id && r.doc ? [[r.id, r.doc] as const] : [])));
    },
    isAdmin: (db, userId) => isGroupAdmin(ctx, db, userId),
    parentOf: (db, roles) => parentFor(ctx, roles, db),
    settings: (db) => readSettings(ctx, db),
  };
}

/** Who writes: the authenticated caller, and in a group whether they administer it and its rules' context. */
export interface Writer {
  actor: Actor;
  userId: string;
  access: GroupAccess;
  rules: RuleContext;
}

/** A verdict as the door answers it: 403 for who may not, 422 with reasons for what may not be. */
export function refusal(verdict: Exclude<WriteVerdict, { ok: true }>): HttpError {
  return verdict.status === 403 ? forbidden(verdict.reason) : new HttpError(422, verdict.reason);
}

const READ_ONLY = { ok: false, status: 403, reason: MESSAGES.forbidden } as const;

/** One entry of a `_bulk_docs` answer. */
export interface BulkResult {
  id?: string;
  rev?: string;
  ok?: boolean;
  error?: string;
  name?: string;
  status?: number;
  reason?: unknown;
}

export class WriteJudge {
  private readonly reads: DoorReads;
  private readonly now: () => Date;

  constructor(reads: DoorReads, now: () => Date) {
    this.reads = reads;
    this.now = now;
  }

  /**
   * The writer in `db`: whether they administer it, its settings, the day, and the records the
   * documents' rules look up (src/domain/records `lookups`): as stored, then as the batch itself
   * writes them (a wallet replicated beside its first income). One read each, only when needed.
   */
  async writer(db: string, caller: { actor: Actor; userId: string }, docs: readonly DocWrite[] = []): Promise<Writer> {
    const group = databaseKind(db) === 'group';
    const roles = caller.actor.roles;
    const parent = group ? await this.reads.parentOf(db, roles) : null;
    const [adminHere, adminOfParent, settings] = await Promise.all([
      group && roles.includes(db) ? this.reads.isAdmin(db, caller.userId) : false,
      parent && roles.includes(parent) ? this.reads.isAdmin(parent, caller.userId) : false,
      group ? this.reads.settings(db) : null,
    ]);
    const rules: RuleContext = { settings, today: this.now().toISOString().slice(0, 10) };
    // A sub-group's parent members write in it, its administrators as administrators.
    const { admin } = groupAccess(roles, db, { parent, adminHere, adminOfParent });
    const writer = { ...caller, access: { admin, parent }, rules };
    const ids = group
      ? docs.flatMap((doc) =>
          lookupIds(specOfKlass(doc.klass), doc as Readonly<Record<string, unknown>>).filter((id) => isId(id)),
        )
      : [];
    if (ids.length === 0) return writer;
    const records = new Map<string, Readonly<Record<string, unknown>>>(await this.reads.storedDocs(db, ids));
    for (const doc of docs)
      if (typeof doc._id === 'string') records.set(doc._id, doc as Readonly<Record<string, unknown>>);
    return { ...writer, rules: { ...rules, records } };
  }

  /** Each document's verdict, beside its stored version: one read for the batch. */
  async judgeWrites(db: string, caller: { actor: Actor; userId: string }, docs: readonly DocWrite[]) {
    // The route refuses read-only callers before reading a body; the judge refuses them too, so no
    // path that forgets it writes.
    if (caller.actor.permission === 'read') return docs.map(() => READ_ONLY);
    const writer = await this.writer(db, caller, docs);
    const ids = docs.flatMap((d) => (typeof d._id === 'string' && isAddressableId(d._id) ? [d._id] : []));
    const stored = await this.reads.storedDocs(db, ids);
    const now = this.now();
    return docs.map((doc): WriteVerdict => {
      // A read-only group (a locked plan, or a free one 30 days past its limit) takes only
      // deletions, so it can go back under the limit (src/domain/billing.ts).
      const lock = canReadDatabase(writer.actor, db, writer.access.parent ?? null)
        ? groupWriteLock(writer.rules.settings, now, doc._deleted === true)
        : null;
      if (lock) return { ok: false, status: 403, reason: lock };
      return checkDocWrite(
        writer.actor,
        db,
        doc,
        writer.access,
        typeof doc._id === 'string' ? stored.get(doc._id) : null,
        writer.rules,
      );
    });
  }

  /**
   * One document written whole (PUT to its id, POST to the database) or deleted: throws the
   * refusal, or answers the revision to store, with its stamps completed.
   */
  async judgeWrite(db: string, caller: { actor: Actor; userId: string }, doc: DocWrite): Promise<DocWrite> {
    const [verdict] = await this.judgeWrites(db, caller, [doc]);
    if (!verdict!.ok) throw refusal(verdict!);
    return completeStamps(doc, caller.userId, this.now());
  }

  /** A document PUT to `id`: its body's `_id`, when it says one, is that id. */
  judgePut(db: string, caller: { actor: Actor; userId: string }, id: string, sent: DocWrite): Promise<DocWrite> {
    if (sent._id !== undefined && sent._id !== id) throw badRequest({ _id: [FIELD_MESSAGES.invalid] });
    return this.judgeWrite(db, caller, { ...sent, _id: id });
  }

  /**
   * An attachment written (`written`: its type and length, as the PUT's headers say) or removed
   * (null, a DELETE) on document `id`, judged as the revision it makes: throws the refusal, or
   * answers that revision. Removing what is not there is 404, as Apache CouchDB answers, before the
   * store is asked (the embedded store would fail, or write a revision that changes nothing).
   */
  async judgeAttachment(
    db: string,
    caller: { actor: Actor; userId: string },
    target: { id: string; name: string },
    written: { content_type: string; length?: number } | null,
  ): Promise<DocWrite & { _id: string }> {
    if (caller.actor.permission === 'read') throw refusal(READ_ONLY);
    const stored = isAddressableId(target.id)
      ? ((await this.reads.storedDocs(db, [target.id])).get(target.id) ?? null)
      : null;
    if (!written && !hasAttachment(stored, target.name)) throw notFound();
    // Without a stored document the store would create one holding the attachment alone.
    const revision = withAttachment(stored ?? { _id: target.id }, target.name, written);
    const [verdict] = await this.judgeWrites(db, caller, [revision]);
    if (!verdict!.ok) throw refusal(verdict!);
    return revision;
  }

  /**
   * A batch: each refused document gets its own error entry and the others are written, as CouchDB
   * does with validate_doc_update, so one bad record cannot stall a device's whole replication. In
   * a replication (`new_edits: false`) every refusal is `forbidden`, as CouchDB reports a failed
   * validation, with `name` too: PouchDB then emits it as `denied` and goes on with the other
   * documents, where any other error would stop the push. `status` says which rule refused it.
   */
  async judgeBulk(
    db: string,
    caller: { actor: Actor; userId: string },
    docs: readonly DocWrite[],
    replicating: boolean,
  ): Promise<BulkJudgement> {
    const verdicts = await this.judgeWrites(db, caller, docs);
    const now = this.now();
    const allowed = docs
      .filter((_, i) => verdicts[i]!.ok)
      .map((doc) => (replicating ? doc : completeStamps(doc, caller.userId, now)));
    const denied = docs.flatMap((doc, i): BulkResult[] => {
      const v = verdicts[i]!;
      if (v.ok) return [];
      const id = typeof doc._id === 'string' ? doc._id : undefined;
      const error = replicating || v.status === 403 ? 'forbidden' : 'unprocessable_entity';
      const rev = typeof doc._rev === 'string' ? doc._rev : undefined;
      return [{ id, ...(replicating ? { rev, name: error } : {}), error, status: v.status, reason: v.reason }];
    });
    return { verdicts, allowed, denied, replicating };
  }
}

export interface BulkJudgement {
  verdicts: WriteVerdict[];
  /** The documents to send to the store, in order (stamped unless replicating). */
  allowed: DocWrite[];
  /** The refusals' answer entries, in order. */
  denied: BulkResult[];
  replicating: boolean;
}

/**
 * The answer to a batch from the store's results for the allowed documents: with `new_edits`, one
 * entry per document in the order sent (refusals put back in place); in a replication, the
 * store's then the refusals, as CouchDB answers.
 */
export function bulkAnswer(judgement: BulkJudgement, results: readonly BulkResult[]): BulkResult[] {
  if (judgement.replicating) return [...results, ...judgement.denied];
  let next = 0;
  let refused = 0;
  return judgement.verdicts.map((v) => (v.ok ? results[next++]! : judgement.denied[refused++]!));
}

/** What an attachment PUT writes, as its headers say: the type it is stored with and its size. */
export function writtenAttachment(req: Request): { content_type: string; length?: number } {
  const length = Number(req.headers['content-length']);
  return {
    content_type: String(req.headers['content-type'] ?? 'application/octet-stream'),
    ...(Number.isSafeInteger(length) && length >= 0 ? { length } : {}),
  };
}
