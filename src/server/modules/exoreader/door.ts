// What the `/db` door does for the reader: keeps the fetcher's bookkeeping in step with the
// subscriptions written through it, and answers the spec's item update handlers (§7:
// `_design/status/_update/{read|unread|star|unstar}/{rit-id}`), which exist as server code only.
import { isId } from '../../../domain/ids.ts';
import { ITEM_ACTIONS, type ItemAction, itemChange } from '../../../domain/modules/exoreader/feed.ts';
import { checkDocWrite } from '../../../domain/permissions.ts';
import { stampRecord } from '../../../domain/records/index.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, HttpError, notFound } from '../../http/http-error.ts';
import type { CouchDoc } from '../../store/couch-client.ts';
import { readSettings } from '../../services/groups.ts';
import { syncFeeds, usesReader } from './feeds-db.ts';
import { READER_WAKE_JOB } from './fetcher.ts';
import { reconcileGroup } from './reconcile.ts';
import type { UpdateHandler, Writer, WrittenDocs } from '../kit.ts';

/** Settings that decide whether a group reads feeds at all. */
const READER_SWITCHES = new Set(['exoreader', 'kind']);

/**
 * After a write reached a group database: subscriptions written or deleted get their feed
 * documents made, changed or removed, and a new one is fetched within seconds (a job wakes a
 * fetcher at once). Never fails the write that is already stored: a failure here is logged and
 * left to the hourly reconciliation.
 */
export async function afterReaderWrite(ctx: AppContext, db: string, docs: WrittenDocs): Promise<void> {
  if (!isId(db, 'acc')) return;
  try {
    let due = 0;
    if (docs.some((d) => d.klass === 'Adjustment' && typeof d.key === 'string' && READER_SWITCHES.has(d.key))) {
      due += (await reconcileGroup(ctx, db)).due;
    } else {
      // A deletion carries no klass: its id's prefix says what it was.
      const ids = docs.flatMap((d) => (isId(d._id, 'rsb') ? [d._id] : []));
      if (ids.length === 0) return;
      due += (await syncFeeds(ctx, db, ids, usesReader(await readSettings(ctx, db)))).due;
    }
    if (due > 0) await ctx.jobs.enqueue(READER_WAKE_JOB, {});
  } catch (error) {
    ctx.config.log(`reader: keeping feeds of ${db} in step: ${(error as Error).message}`);
  }
}

/**
 * Marks one item read, unread, starred or unstarred, judged like any write through the door and
 * written with the stored revision; a change made meanwhile on another device is read again and
 * the mark applied over it (a mark is the same whatever it lands on).
 */
export async function markReaderItem(
  ctx: AppContext,
  db: string,
  id: string,
  mark: ItemAction,
  who: Writer,
): Promise<{ ok: true; id: string; rev: string }> {
  if (!isId(id, 'rit')) throw notFound();
  // A 409 after the last attempt reaches the error handler as the usual conflict answer.
  const written = await ctx.store.update<CouchDoc>(db, id, (stored) => {
    if (!stored || stored.klass !== 'ReaderItem') throw notFound();
    const next = stampRecord({ ...stored, ...itemChange(mark) }, who.userId, ctx.now()) as CouchDoc;
    const verdict = checkDocWrite(who.actor, db, next, who.access, stored, who.rules);
    if (!verdict.ok) throw verdict.status === 403 ? forbidden(verdict.reason) : new HttpError(422, verdict.reason);
    return next;
  });
  return { ok: true, id, rev: written!.rev };
}

/** The spec's handler names are the reader's own actions (src/domain/modules/exoreader/feed.ts): `status/read`… */
export const READER_MARKS: Readonly<Record<string, UpdateHandler>> = Object.fromEntries(
  ITEM_ACTIONS.map((mark): [string, UpdateHandler] => [
    `status/${mark}`,
    (ctx, db, id, who) => markReaderItem(ctx, db, id, mark, who),
  ]),
);
