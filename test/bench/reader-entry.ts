// Bundled for the browser by the reader benchmark and loaded next to the app: the reader screen's
// own reads (a page of items for a filter, the unread counts per subscription and label) against
// the app's replica, timed.
import { localDb } from '../../src/data/databases.ts';
import { parseFeedFilter } from '../../src/domain/modules/exoreader/feed.ts';
import { readFeedIds, readItems, readSources } from '../../src/features/exoreader/api/feed.ts';

declare global {
  interface Window {
    readerBench: typeof readerBench;
  }
}

const time = async <T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> => {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
};

const readerBench = {
  async count(db: string): Promise<number> {
    return (await localDb(db).info()).doc_count;
  },
  /** The reader's first page (default filter: unread, newest first) and the sources' unread counts. */
  async screen(db: string, query: string): Promise<{ page: number; counts: number; items: number; unread: number }> {
    const page = await time(async () => {
      const { ids } = await readFeedIds(db, parseFeedFilter(new URLSearchParams(query)));
      return readItems(db, ids);
    });
    const counts = await time(() => readSources(db));
    return { page: page.ms, counts: counts.ms, items: page.value.length, unread: counts.value.unread.total };
  },
};

window.readerBench = readerBench;
