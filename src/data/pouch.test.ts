import '../../test/support/browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { PouchDB } from './pouch.ts';

type Finding = { find: unknown; createIndex: unknown };

describe('PouchDB as the app has it', () => {
  it('loads pouchdb-find with the first query, which it then answers', async () => {
    const prototype = (PouchDB as unknown as { prototype: Finding }).prototype;
    const standIn = prototype.find;
    const db = new PouchDB(`lazy-find-${crypto.randomUUID()}`);
    await db.bulkDocs([
      { _id: 'a', klass: 'Ticket', n: 3 },
      { _id: 'b', klass: 'Ticket', n: 1 },
      { _id: 'c', klass: 'Customer', n: 2 },
    ] as never);
    // Two asked at once before the plugin is here: both wait for the same load.
    const [index, other] = await Promise.all([
      db.createIndex({ index: { fields: ['klass', 'n'] } }),
      db.createIndex({ index: { fields: ['n'] } }),
    ]);
    expect([index.result, other.result]).toEqual(['created', 'created']);
    const found = await db.find({
      selector: { klass: 'Ticket', n: { $gt: null } },
      sort: [{ klass: 'asc' }, { n: 'asc' }],
      limit: 10,
    });
    expect(found.docs.map((doc) => doc._id)).toEqual(['b', 'a']);
    expect(prototype.find).not.toBe(standIn);
    await db.destroy();
  });
});
