// Bundled for the browser by the sync benchmark: the app's own sync code next to a bare
// PouchDB replication, on the same page.
import { localDb } from '../../src/data/databases.ts';
import { PouchDB } from '../../src/data/pouch.ts';
import { findRecords, saveRecord } from '../../src/data/records.ts';
import { startLiveSync, syncOnce } from '../../src/data/sync.ts';

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
  /** Starts the app's live sync of the group, as an open group screen does. */
  live(db: string): void {
    startLiveSync(db);
  },
  /** Resolves with the time (ms since the epoch) the document is in this device's replica. */
  async arrival(db: string, id: string): Promise<number> {
    const local = localDb(db);
    return new Promise((resolve) => {
      const feed = local.changes({ since: 'now', live: true }).on('change', (change) => {
        if (change.id !== id) return;
        feed.cancel();
        resolve(Date.now());
      });
      local.get(id).then(
        () => {
          feed.cancel();
          resolve(Date.now());
        },
        () => undefined,
      );
    });
  },
  /** Writes a customer on this device, as a form does; returns the time of the write. */
  async writeHere(db: string, id: string): Promise<number> {
    const at = Date.now();
    await saveRecord(db, { _id: id, klass: 'Customer', name: `Live ${id}`, created_at: new Date().toISOString() });
    return at;
  },
};

window.bench = bench;
