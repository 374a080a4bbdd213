// The feed reader's server half (spec 001 §1 exoreader): feeds fetched into the groups that use
// the reader, its `/api` calls, the item marks of spec 001 §7, and its periodic bookkeeping.
import { READER_ARCHIVE_DB, prepareReaderArchive } from './archive.ts';
import { parseReaderConfig } from './config.ts';
import { afterReaderWrite, READER_MARKS } from './door.ts';
import { prepareReaderStore, READER_FEEDS_DB } from './feeds-db.ts';
import { ReaderFetcher } from './fetcher.ts';
import { readerApiRoutes } from './routes.ts';
import { READER_TASKS } from './tasks.ts';
import type { ModuleInstance, ServerModule } from '../kit.ts';

export const exoreaderServer: ServerModule = {
  kind: 'exoreader',
  config: parseReaderConfig,
  databases: [READER_FEEDS_DB, READER_ARCHIVE_DB],
  prepare: async (store) => {
    await prepareReaderStore(store);
    await prepareReaderArchive(store);
  },
  routes: readerApiRoutes,
  afterWrite: afterReaderWrite,
  updateHandlers: READER_MARKS,
  tasks: READER_TASKS,
  instance: (ctx, jobs) => new ReaderFetcher(ctx).register(jobs),
};

/** This instance's feed fetcher, among a running server's module instances (tests count its sweeps). */
export function readerFetcherOf(instances: Readonly<Record<string, ModuleInstance>>): ReaderFetcher {
  const fetcher = instances[exoreaderServer.kind];
  if (!(fetcher instanceof ReaderFetcher)) throw new Error('this server runs no feed fetcher');
  return fetcher;
}
