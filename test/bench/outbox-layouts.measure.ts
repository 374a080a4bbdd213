// npm run bench:outbox — a measurement, not a test: why the device's merge bases are documents of
// their own (docs/sync.md, "One outbox"). A save with N records edited and unsettled, the outbox
// holding every base (one document) or only their revisions (one document per base), on the
// replica's own code over fake-indexeddb. Run by the `bench` project, which exists only when
// VITEST_BENCH is set, so `npm test` neither runs nor skips it.
import '../support/browser-globals.ts';
import { afterEach, describe, it } from 'vitest';
import { destroyLocalDb, localDb } from '../../src/data/databases.ts';
import type { PouchDoc } from '../../src/data/pouch.ts';

const names: string[] = [];

function replica(): string {
  const name = `outbox-measure-${crypto.randomUUID()}`;
  names.push(name);
  return name;
}

afterEach(async () => {
  await Promise.all(names.splice(0).map((name) => destroyLocalDb(name)));
});

describe('the outbox layouts, measured', () => {
  const ticket = (i: number) => ({
    _id: `tik-${String(i).padStart(6, '0')}`,
    klass: 'Ticket',
    title: `Ticket ${i}`,
    description: 'x'.repeat(900),
    customer_id: 'cus-abcdef',
    status: 'open',
    updated_at: '2026-11-27T09:00:00.000Z',
    updated_by: 'usr-123456',
    items: [{ id: 'a', name: 'part', qty: 1, price: 1234 }],
  });

  async function measure(layout: 'one document' | 'a document per base', edited: number, saves: number) {
    const db = localDb(replica());
    const docs = Array.from({ length: edited + saves }, (_, i) => ticket(i));
    const revs = (await db.bulkDocs(docs)).map((result) => (result as { rev: string }).rev);
    const outbox = { revs: {} as Record<string, string>, edited: {} as Record<string, string> };
    const bases: Record<string, PouchDoc> = {};
    docs.slice(0, edited).forEach((doc, i) => {
      outbox.revs[doc._id] = revs[i]!;
      outbox.edited[doc._id] = revs[i]!;
      bases[doc._id] = { ...doc, _rev: revs[i] };
    });
    const whole = layout === 'one document';
    await db.put({ _id: '_local/measure', ...outbox, ...(whole ? { bases } : {}) });
    if (!whole) await db.bulkDocs(Object.values(bases).map((doc) => ({ _id: `_local/base-${doc._id}`, doc })));
    let bytes = 0;
    const start = performance.now();
    for (let i = edited; i < edited + saves; i++) {
      const id = docs[i]!._id;
      const stored = (await db.get('_local/measure')) as PouchDoc & typeof outbox & { bases?: typeof bases };
      const base = await db.get(id, { rev: revs[i] });
      const { rev } = await db.put({ ...docs[i]!, _rev: revs[i], title: 'edited' });
      stored.revs[id] = rev;
      stored.edited[id] = revs[i]!;
      if (whole) stored.bases![id] = base;
      const written = whole ? [stored] : [stored, { _id: `_local/base-${id}`, doc: base }];
      bytes += JSON.stringify(written).length;
      await db.bulkDocs(written);
    }
    return { layout, edited, msPerSave: (performance.now() - start) / saves, kBPerSave: bytes / saves / 1024 };
  }

  it('prints the time and the bookkeeping written per save', async () => {
    for (const edited of [0, 100, 1000, 5000]) {
      for (const layout of ['one document', 'a document per base'] as const) {
        const { msPerSave, kBPerSave } = await measure(layout, edited, 40);
        console.log(`${edited} edited, ${layout}: ${msPerSave.toFixed(1)} ms, ${kBPerSave.toFixed(0)} kB per save`);
      }
    }
  }, 600_000);
});
