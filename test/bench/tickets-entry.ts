// Bundled for the browser by the tickets benchmark and loaded next to the app: reads the app's
// replica through the same data code, to know when the first pull and the background index builds
// are over, and to time the list queries without the screen around them.
import '../../src/app/register-indexes.ts';
import { localDb } from '../../src/data/databases.ts';
import { unbuiltIndexes } from '../../src/data/indexes.ts';
import { countRecords, type ListQuery, listRecords } from '../../src/data/record-list.ts';
import { ensureIndex } from '../../src/data/records.ts';
import { countBoard, listBoard } from '../../src/features/tickets/board/api/list-board.ts';

declare global {
  interface Window {
    ticketsBench: typeof ticketsBench;
  }
}

const ticketsBench = {
  /** Documents in the replica, and the indexes and views the app's background builds still have to make. */
  async status(db: string): Promise<{ docCount: number; missing: string[] }> {
    const replica = localDb(db);
    const { doc_count } = await replica.info();
    // The app's own record of what it built (this page's copy of the registry knows nothing of it).
    const built = await replica.get('_local/moneta-indexes').then(
      (doc) => (doc as unknown as { built: string[] }).built,
      () => [] as string[],
    );
    return { docCount: doc_count, missing: (await unbuiltIndexes(db)).filter((key) => !built.includes(key)) };
  },
  /** One listRecords call, as the list screen makes it. */
  async list(db: string, query: ListQuery): Promise<{ ms: number; rows: number; total: number }> {
    const start = performance.now();
    const page = await listRecords(db, query);
    return { ms: performance.now() - start, rows: page.rows.length, total: page.total };
  },
  /** The parts of listRecords' first page without search, one after the other. */
  async parts(db: string): Promise<Record<string, number>> {
    const replica = localDb(db);
    const times: Record<string, number> = {};
    const time = async (name: string, work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      times[name] = performance.now() - start;
    };
    await time('ensureIndex', () => ensureIndex(replica, ['klass', 'created_at']));
    await time('find 25', () =>
      replica.find({
        selector: { klass: 'Ticket', created_at: { $gt: null } },
        sort: [{ klass: 'desc' }, { created_at: 'desc' }],
        limit: 25,
      }),
    );
    await time('count of tickets (countRecords)', () => countRecords(db, { klass: 'Ticket', sort: 'created_at' }));
    const noFilters = { priority: null, kind: null, technician: null };
    await time('board cards (listBoard)', () => listBoard(db, noFilters));
    await time('board counts (countBoard)', () => countBoard(db, noFilters));
    return times;
  },
};

window.ticketsBench = ticketsBench;
