// The reader's periodic work, run by one instance per period on the job queue's periodic tasks
// (src/server/services/periodic-tasks.ts): the feed bookkeeping checked against the groups
// (hourly), and old read items archived and removed (daily).
import type { PeriodicTask } from '../../services/periodic-tasks.ts';
import { readerConfig } from './config.ts';
import { reconcileFeeds } from './reconcile.ts';
import { removeOldItems } from './retention-task.ts';

export const READER_TASKS: readonly PeriodicTask[] = [
  { id: 'reader-task:reconcile', periodMs: (ctx) => readerConfig(ctx).reconcileMs, run: reconcileFeeds },
  { id: 'reader-task:retention', periodMs: (ctx) => readerConfig(ctx).retentionMs, run: removeOldItems },
];
