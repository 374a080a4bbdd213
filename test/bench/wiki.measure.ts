// npm run bench:wiki — a measurement, not a test: the wiki at scale (issue 33) on the app's own
// replica code over fake-indexeddb. 10,000 notes, one of them linked by 500 others: "linked by"
// for it and the wiki's index (target under 50 ms each), then renaming it with its 500 linking
// notes rewritten through the save path (target under 5 s). Figures printed beside the targets.
// The index's first read after the index is first made sorts 10,000 titles once; after a change,
// the change is spliced in (src/features/textnotes/api/wiki-index.ts): both are printed.
// Run by the `bench` project, which exists only when VITEST_BENCH is set.
import '../support/browser-globals.ts';
import { afterAll, describe, it } from 'vitest';
import { destroyLocalDb, localDb } from '../../src/data/databases.ts';
import { saveKeptView } from '../../src/data/reduced-views.ts';
import { writeRecord } from '../../src/data/resource-writes.ts';
import { newId } from '../../src/domain/ids.ts';
import { titleKey } from '../../src/domain/modules/textnotes/links.ts';
import { handbooks } from '../../src/domain/modules/textnotes/records.ts';
import { rewriteLinks } from '../../src/features/textnotes/api/rename-links.ts';
import { linkingEntries, readWiki } from '../../src/features/textnotes/api/use-wiki.ts';
import { ENTRIES_VIEW, LINKS_VIEW } from '../../src/features/textnotes/api/wiki-index.ts';
import { wikiDesignDoc } from '../support/wiki-design-doc.ts';

const NOTES = Number(process.env.BENCH_NOTES ?? 10_000);
const BACKLINKS = Number(process.env.BENCH_BACKLINKS ?? 500);
const db = `wiki-measure-${crypto.randomUUID()}`;
const userId = newId('User');

afterAll(() => destroyLocalDb(db));

const time = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
};
const row = (what: string, ms: number, target?: number) =>
  console.log(
    `${what.padEnd(62)} ${`${ms.toFixed(0)} ms`.padStart(9)}${target === undefined ? '' : `  target ${target} ms  ${ms <= target ? 'ok' : 'over'}`}`,
  );

describe('the wiki at scale, measured', () => {
  it('prints linked by, the index and a rename beside their targets', async () => {
    const replica = localDb(db);
    await replica.put(wikiDesignDoc() as never);
    const target = { _id: newId('Handbook'), klass: 'Handbook', title: 'Compressor care', content: 'The hub.' };
    const notes = Array.from({ length: NOTES - 1 }, (_, i) => ({
      _id: newId('Handbook'),
      klass: 'Handbook',
      title: `Note ${i}`,
      categories: [`tag-${i % 50}`],
      updated_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      content:
        `# Note ${i}\n\nSee [[Note ${(i + 1) % NOTES}]] and [[Note ${(i * 7) % NOTES}|another]].\n` +
        (i < BACKLINKS ? `Before starting, read [[compressor CARE]].\n` : '') +
        '```\n[[Not a link]]\n```\n' +
        'Words about the work, '.repeat(20),
    }));
    for (let i = 0; i < notes.length; i += 1000) await replica.bulkDocs(notes.slice(i, i + 1000) as never);
    await replica.put(target as never);
    console.log(`\nThe wiki, ${NOTES.toLocaleString('en')} notes, one linked by ${BACKLINKS} (fake-indexeddb, Node)`);

    const built = await time(() => readWiki(db));
    row('device index first made (both views, every note read)', built.ms);
    const saved = await time(async () => {
      await saveKeptView(replica, LINKS_VIEW);
      await saveKeptView(replica, ENTRIES_VIEW);
    });
    row('device index saved beside the replica', saved.ms);

    const linkedBy = await time(async () => {
      const wiki = await readWiki(db);
      return linkingEntries(wiki, ['title', titleKey(target.title)], target._id);
    });
    if (linkedBy.value.length !== BACKLINKS) throw new Error(`linked by ${linkedBy.value.length}`);
    row(`"linked by" for a note with ${BACKLINKS} backlinks (the entry page's read)`, linkedBy.ms, 50);
    const index = await time(async () => (await readWiki(db)).listing());
    row(
      `the wiki index (${index.value.byTitle.length} by title, ${index.value.byTag.length} tags, recent)`,
      index.ms,
      50,
    );
    const again = await time(async () => (await readWiki(db)).listing());
    row('the wiki index again, nothing changed (kept with the entries)', again.ms, 50);
    const edited = await replica.get(notes[NOTES / 2]!._id);
    await writeRecord(db, handbooks, { ...edited, title: 'Aardvark care' }, { userId });
    const changed = await time(async () => (await readWiki(db)).listing());
    if (changed.value.byTitle[0]?.title !== 'Aardvark care') throw new Error('the renamed note is not first');
    row('the wiki index, first read after a note is renamed', changed.ms, 50);

    const renamed = await time(async () => {
      const stored = await replica.get(target._id);
      await writeRecord(db, handbooks, { ...stored, title: 'Compressor maintenance' }, { userId });
      const wiki = await readWiki(db);
      const ids = wiki.backlinks!.linking(['title', titleKey(target.title)]);
      return rewriteLinks(
        { accountId: db, userId, features: new Set(), settings: {} },
        ids,
        target.title,
        'Compressor maintenance',
      );
    });
    if (renamed.value.updated !== BACKLINKS) throw new Error(`renamed ${JSON.stringify(renamed.value)}`);
    row(`renaming it, ${BACKLINKS} linking notes rewritten and saved`, renamed.ms, 5_000);
    const after = await time(async () => {
      const wiki = await readWiki(db);
      return linkingEntries(wiki, ['title', titleKey('Compressor maintenance')], target._id);
    });
    row(`"linked by" under the new title, after the rename (${after.value.length})`, after.ms, 50);
  });
});
