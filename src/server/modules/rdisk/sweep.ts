// Contents no version points at any more leave the byte store: a mark and sweep run by one
// instance per period (a periodic task under a lease). The marks come from the records themselves
// (every version of every file record of every group), so nothing has to be counted in step with
// record writes across databases, which the store cannot do in one transaction. A content stored
// within the grace period is kept whatever the marks say: its record may be being written now
// (an upload stores the bytes first), and a content stored again is fresh again.
import { databaseKind } from '../../../domain/ids.ts';
import type { AppContext } from '../../context.ts';
import type { PeriodicTask } from '../../services/periodic-tasks.ts';
import { diskConfig } from './config.ts';
import { readFiles } from './files.ts';

/** Every hash a version of a file record names, in every group. */
async function namedContents(ctx: AppContext): Promise<Set<string>> {
  const named = new Set<string>();
  const dbs = (await ctx.store.must<string[]>('/_all_dbs')).filter((db) => databaseKind(db) === 'group');
  for (const db of dbs)
    for (const doc of await readFiles(ctx, db)) for (const v of doc.versions ?? []) named.add(v.hash);
  return named;
}

export async function sweepContents(ctx: AppContext): Promise<Record<string, number>> {
  const started = ctx.now().getTime();
  const cutoff = started - diskConfig(ctx).graceMs;
  const named = await namedContents(ctx);
  let kept = 0;
  let removed = 0;
  for await (const content of ctx.bytes.list()) {
    if (named.has(content.hash) || content.storedAt.getTime() > cutoff) {
      kept++;
      continue;
    }
    // Looked at again just before: stored again since the listing, it stays.
    const now = await ctx.bytes.stat(content.hash);
    if (!now || now.storedAt.getTime() > cutoff) continue;
    await ctx.bytes.delete(content.hash);
    removed++;
  }
  return { kept, removed };
}

export const DISK_TASKS: readonly PeriodicTask[] = [
  { id: 'disk-task:contents', periodMs: (ctx) => diskConfig(ctx).sweepMs, run: sweepContents },
];
