// Map functions run in node:vm with a fake emit, as CouchDB would run them. A module's own views
// are tested beside them, in its folder (src/server/modules/<kind>/couch.test.ts).
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { designDoc as ddoc, runMap } from '../../../test/support/couch-map.ts';
import { RESOURCES } from '../../domain/records/index.ts';
import { searchWords } from '../../domain/records/search.ts';
import { designDocsFor, groupDesignDocs, moduleDesignDocs } from './design-docs.ts';

describe('design documents', () => {
  it('carry a content version that changes with their source', () => {
    const docs = designDocsFor('personal');
    expect(docs.every((d) => /^[0-9a-f]{16}$/.test(d.version))).toBe(true);
    expect(new Set(docs.map((d) => d.version)).size).toBe(docs.length);
  });

  it('tokens/by-user indexes tokens by user and date', () => {
    const map = ddoc('users', 'tokens').views!['by-user']!.map;
    expect(runMap(map, { klass: 'UserToken', user_id: 'usr-1', created_at: '2026' })).toEqual([
      [['usr-1', '2026'], null],
    ]);
    expect(runMap(map, { klass: 'User' })).toEqual([]);
  });

  it('settings/by-key emits adjustments by key', () => {
    const map = ddoc('personal', 'settings').views!['by-key']!.map;
    expect(runMap(map, { klass: 'Adjustment', key: 'locale', value: 'pt-BR' })).toEqual([['locale', 'pt-BR']]);
    expect(runMap(map, { klass: 'Other', key: 'locale' })).toEqual([]);
  });

  it('count-by-klass counts every document with a klass', () => {
    const view = ddoc('group', 'count-by-klass').views!.all!;
    expect(view.reduce).toBe('_count');
    expect(runMap(view.map, { klass: 'Ticket' })).toEqual([['Ticket', 1]]);
    expect(runMap(view.map, {})).toEqual([]);
  });

  it('search/by-word emits the folded words of the fields each resource searches', () => {
    const map = ddoc('group', 'search').views!['by-word']!.map;
    expect(runMap(map, { klass: 'Customer', name: 'João Conceição', email: 'joao@x.com', phones: ['9'] })).toEqual([
      [['Customer', 'joao'], null],
      [['Customer', 'conceicao'], null],
      [['Customer', 'x'], null],
      [['Customer', 'com'], null],
    ]);
    expect(runMap(map, { klass: 'Handbook', title: 'Pump', categories: ['air-con'] }).map(([k]) => k)).toEqual([
      ['Handbook', 'pump'],
      ['Handbook', 'air'],
      ['Handbook', 'con'],
    ]);
    expect(runMap(map, { klass: 'Adjustment', key: 'name', value: 'x' })).toEqual([]);
    // Numbers are found with or without their dash; a record is keyed by the records it points at.
    const record = {
      klass: 'Ticket',
      number: '1-17',
      title: 'Split (novo)',
      customer_id: 'cus-1',
      equipment_id: 'eqp-2',
    };
    expect(runMap(map, record).map(([k]) => k)).toEqual([
      ['Ticket', '@cus-1'],
      ['Ticket', '@eqp-2'],
      ['Ticket', '1'],
      ['Ticket', '17'],
      ['Ticket', '117'],
      ['Ticket', 'split'],
      ['Ticket', 'novo'],
    ]);
    // The view and the descriptions agree on what is searched, and on how words are cut.
    for (const spec of RESOURCES) {
      const doc: Record<string, unknown> = { klass: spec.klass };
      spec.search.forEach((field, i) => (doc[field] = `Wórd${i} ${field}`));
      const words = runMap(map, doc).map(([key]) => (key as string[])[1]);
      expect(words).toEqual(searchWords(spec.search.map((field, i) => `Wórd${i} ${field}`).join(' ')));
    }
  });

  it('of a group are the generic ones and those of the modules it uses, each module’s found in its folder', () => {
    const generic = groupDesignDocs([]).map((d) => d._id);
    expect(generic).toEqual(expect.arrayContaining(['_design/conflicts', '_design/count-by-klass', '_design/search']));
    for (const [kind, docs] of moduleDesignDocs()) {
      const ids = docs.map((d) => d._id);
      expect(generic, kind).not.toEqual(expect.arrayContaining(ids));
      expect(groupDesignDocs([kind]).map((d) => d._id)).toEqual([...generic, ...ids]);
    }
    // What a group database may hold (the views a device builds, the door's closed list): all of them.
    expect(designDocsFor('group')).toHaveLength(generic.length + [...moduleDesignDocs().values()].flat().length);
  });

  it('the personal validate_doc_update refuses documents without klass', () => {
    const vdu = runInNewContext(`(${ddoc('personal', 'validation').validate_doc_update!})`) as (d: unknown) => void;
    expect(() => vdu({ _id: 'x' })).toThrow();
    expect(() => vdu({ _id: 'x', klass: 'Adjustment' })).not.toThrow();
    expect(() => vdu({ _id: 'x', _deleted: true })).not.toThrow();
  });
});
