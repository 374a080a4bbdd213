// Bundled for the browser by the sync benchmark: the app's own sync code next to a bare
// PouchDB replication, on the same page.
import { localDb } from '../../src/data/databases';
import { PouchDB } from '../../src/data/pouch';
import { findRecords } from '../../src/data/records';
import { syncOnce } from '../../src/data/sync';

declare global {
  interface Window {
    bench: typeof bench;
  }
}

const bench = {
  async appSync(db: string): Promise<number> {
    const start = performance.now();
    await syncOnce(db);
    return performance.now() - start;
  },
  async bareReplicate(db: string): Promise<number> {
    const start = performance.now();
    const local = new PouchDB(`bare-${db}`);
    await local.replicate.from(new PouchDB(`${location.origin}/db/${db}`, { skip_setup: true }), {
      batch_size: 500,
      batches_limit: 4,
    });
    return performance.now() - start;
  },
  async firstTicketPage(db: string): Promise<{ ms: number; count: number }> {
    const start = performance.now();
    const docs = await findRecords(db, {
      selector: { klass: 'Ticket', number: { $gt: null } },
      sort: [{ klass: 'desc' }, { number: 'desc' }],
      limit: 25,
    });
    return { ms: performance.now() - start, count: docs.length };
  },
  async docCount(db: string): Promise<number> {
    return (await localDb(db).info()).doc_count;
  },
};

window.bench = bench;
