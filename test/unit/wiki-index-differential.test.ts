// The wiki's device index, kept change by change (src/features/textnotes/api/wiki-index.ts),
// against the same answers made again from every row: random notes, bookmarks and records
// written, edited, renamed (titles that collide whatever their case, ties of dates, tags given
// twice) and deleted, the index read at random moments between the changes. Then the same on a
// replica on fake IndexedDB, through the kept views and a rename's rewritten links, against
// PouchDB's own index of the wiki's views.
import '../support/browser-globals.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { destroyLocalDb, localDb } from '../../src/data/databases.ts';
import { writeRecord } from '../../src/data/resource-writes.ts';
import { newId } from '../../src/domain/ids.ts';
import type { LinkIndex } from '../../src/domain/modules/textnotes/links.ts';
import { titleKey } from '../../src/domain/modules/textnotes/links.ts';
import { handbooks } from '../../src/domain/modules/textnotes/records.ts';
import { type Entry, entryOfRow, linkIndexOf, wikiIndex } from '../../src/domain/modules/textnotes/wiki.ts';
import { rewriteLinks } from '../../src/features/textnotes/api/rename-links.ts';
import { linkingEntries, readWiki } from '../../src/features/textnotes/api/use-wiki.ts';
import { Backlinks, Entries } from '../../src/features/textnotes/api/wiki-index.ts';
import { seeded } from '../bench/kept-views-check.ts';
import { wikiDesignDoc } from '../support/wiki-design-doc.ts';

type Rows = Array<[unknown, number]>;

const TITLES = ['Ábaco', 'abaco', 'ABACO', 'Compressor care', 'compressor  care', 'Zebra', 'Óleo', 'oleo', 'Bomba'];
const TAGS = ['pump', 'oil', 'care', 'zeta'];
const DATES = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** One `wiki/entries` row's key, as the view emits it, for a random document. */
function entryKey(random: () => number): unknown[] {
  const klass = pick(random, ['Handbook', 'Handbook', 'Handbook', 'Bookmark', 'Customer', 'Equipment', 'Ticket']);
  if (klass === 'Ticket') {
    const number = `${1 + Math.floor(random() * 3)}-${Math.floor(random() * 4)}`;
    return [klass, number, `Ticket ${number}`];
  }
  const title = pick(random, TITLES);
  if (klass === 'Customer' || klass === 'Equipment') return [klass, titleKey(title), title];
  const tags = Array.from({ length: Math.floor(random() * 3) }, () => pick(random, TAGS));
  return [klass, titleKey(title), title, pick(random, DATES), tags, random() < 0.2 ? '🔧' : ''];
}

const sortedEntries = (entries: Iterable<[string, string]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
const linkIndexShape = (index: LinkIndex) => ({
  notes: sortedEntries(index.notes),
  tickets: sortedEntries(index.tickets),
  records: index.records.map(({ klass, byKey }) => ({ klass, byKey: sortedEntries(byKey) })),
});
const ids = (entries: readonly Entry[]) => entries.map((e) => e.id);
const indexShape = (index: ReturnType<typeof wikiIndex>) => ({
  byTitle: ids(index.byTitle),
  byTag: index.byTag.map(([tag, entries]) => [tag, ids(entries)]),
  recentlyUpdated: ids(index.recentlyUpdated),
});

/** What the kept entries answer, and what the same rows made again answer. */
function compare(kept: Entries, rows: ReadonlyMap<string, unknown>) {
  const rebuilt = [...rows].flatMap(([id, key]) => entryOfRow(id, key) ?? []);
  const byId = (list: readonly Entry[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
  expect(byId(kept.list())).toEqual(byId(rebuilt));
  expect(new Map(kept.byId)).toEqual(new Map(rebuilt.map((e) => [e.id, e])));
  expect(linkIndexShape(kept.links())).toEqual(linkIndexShape(linkIndexOf(rebuilt)));
  expect(indexShape(kept.index())).toEqual(indexShape(wikiIndex(rebuilt)));
}

describe('the wiki index kept change by change', () => {
  it('answers as one made again from every row, through random writes, renames and deletions', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = seeded(seed);
      // Every other seed splices no more than four changes between reads, then sorts anew.
      const entries = new Entries(seed % 2 === 0 ? 4 : undefined);
      const backlinks = new Backlinks();
      const rows = new Map<string, unknown>();
      const links = new Map<string, Rows>();
      const pool = Array.from({ length: 25 }, (_, i) => `doc-${String(i).padStart(2, '0')}`);
      for (let step = 0; step < 200; step++) {
        const id = pick(random, pool);
        const before: Rows = rows.has(id) ? [[rows.get(id), 1]] : [];
        const roll = random();
        let after: Rows;
        if (roll < 0.15) after = [];
        else if (roll < 0.4 && rows.has(id)) {
          // A rename: the same entry under another title.
          const key = [...(rows.get(id) as unknown[])];
          const title = pick(random, TITLES);
          key[1] = key[0] === 'Ticket' ? key[1] : titleKey(title);
          key[2] = title;
          after = [[key, 1]];
        } else after = [[entryKey(random), 1]];
        entries.update(id, before, after);
        if (after[0]) rows.set(id, after[0][0]);
        else rows.delete(id);

        const linkRows: Rows = Array.from({ length: Math.floor(random() * 3) }, () => [
          ['title', titleKey(pick(random, TITLES))],
          1,
        ]);
        backlinks.update(id, links.get(id) ?? [], linkRows);
        links.set(id, linkRows);

        if (random() < 0.15) {
          try {
            compare(entries, rows);
            for (const title of TITLES) {
              const key = ['title', titleKey(title)] as const;
              const expected = [...links].filter(([, r]) => r.some(([k]) => (k as string[])[1] === key[1]));
              expect(backlinks.linking(key).sort()).toEqual(expected.map(([doc]) => doc).sort());
            }
          } catch (error) {
            throw new Error(`seed ${seed}, step ${step}: ${(error as Error).message}`, { cause: error });
          }
        }
      }
      compare(entries, rows);
    }
  }, 30_000);
});

const replicaName = `wiki-differential-${crypto.randomUUID()}`;
afterAll(() => destroyLocalDb(replicaName));

describe('the wiki index on a replica', () => {
  it('answers as PouchDB’s own index of the wiki views, through edits, a rename and deletions', async () => {
    const random = seeded(20261127);
    const db = localDb(replicaName);
    await db.put(wikiDesignDoc() as never);
    const userId = newId('User');
    const env = { accountId: replicaName, userId, features: new Set<string>(), settings: {} };
    const note = (title: string) => ({
      _id: newId('Handbook'),
      klass: 'Handbook',
      title,
      categories: random() < 0.5 ? [pick(random, TAGS)] : [],
      updated_at: pick(random, DATES),
      content: `About ${title}: see [[${pick(random, TITLES)}]] and [[Hub]].`,
    });
    const notes = Array.from({ length: 80 }, (_, i) => note(`${pick(random, TITLES)} ${i % 20}`));
    await db.bulkDocs([note('Hub'), ...notes] as never);

    const check = async (moment: string) => {
      const wiki = await readWiki(replicaName);
      const rows = (await db.query('wiki/entries')).rows;
      const rebuilt = rows.flatMap((row) => entryOfRow(row.id!, row.key) ?? []);
      expect(indexShape(wiki.listing()), moment).toEqual(indexShape(wikiIndex(rebuilt)));
      expect(linkIndexShape(wiki.index), moment).toEqual(linkIndexShape(linkIndexOf(rebuilt)));
      for (const title of ['Hub', 'Hub renamed', ...TITLES]) {
        const key = ['title', titleKey(title)] as const;
        const linking = (await db.query('wiki/links', { key })).rows.map((row) => row.id);
        expect(ids(linkingEntries(wiki, key)).sort(), `${moment}: ${title}`).toEqual([...new Set(linking)].sort());
      }
    };
    await check('after the load');

    for (const doc of notes.slice(0, 20)) {
      const stored = await db.get(doc._id);
      await db.put({ ...stored, title: `${pick(random, TITLES)} edited`, updated_at: pick(random, DATES) });
    }
    for (const doc of notes.slice(20, 30)) await db.put({ ...(await db.get(doc._id)), _deleted: true });
    await check('after edits and deletions');

    const hub = await db.get((await readWiki(replicaName)).entries.find((e) => e.title === 'Hub')!.id);
    await writeRecord(replicaName, handbooks, { ...hub, title: 'Hub renamed' }, { userId });
    const linking = (await readWiki(replicaName)).backlinks!.linking(['title', titleKey('Hub')]);
    expect((await rewriteLinks(env, linking, 'Hub', 'Hub renamed')).updated).toBe(linking.length);
    await check('after the rename');
  }, 60_000);
});
