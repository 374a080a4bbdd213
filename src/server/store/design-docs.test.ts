// Map functions run in node:vm with a fake emit, as CouchDB would run them.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/records/index.ts';
import { searchWords } from '../../domain/records/search.ts';
import { designDocsFor } from './design-docs.ts';

function runMap(source: string, doc: Record<string, unknown>): Array<[unknown, unknown]> {
  const emitted: Array<[unknown, unknown]> = [];
  const fn = runInNewContext(`(${source})`, { emit: (k: unknown, v: unknown) => emitted.push([k, v]) }) as (
    d: unknown,
  ) => void;
  fn(doc);
  return emitted;
}

const ddoc = (target: 'users' | 'personal' | 'group', name: string) => {
  const found = designDocsFor(target).find((d) => d._id === `_design/${name}`);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

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

  it('count-by-open-ticket-priority counts tickets not done or cancelled, by priority', () => {
    const view = ddoc('group', 'count-by-open-ticket-priority').views!.all!;
    expect(view.reduce).toBe('_count');
    expect(runMap(view.map, { klass: 'Ticket', status: 'doing', priority: 'high' })).toEqual([['high', 1]]);
    expect(runMap(view.map, { klass: 'Ticket', status: 'open' })).toEqual([['low', 1]]);
    expect(runMap(view.map, { klass: 'Ticket', status: 'done', priority: 'high' })).toEqual([]);
    expect(runMap(view.map, { klass: 'Ticket', status: 'cancel', priority: 'high' })).toEqual([]);
    expect(runMap(view.map, { klass: 'Customer', priority: 'high' })).toEqual([]);
  });

  it('count-by-ticket-priority counts every ticket by priority', () => {
    const view = ddoc('group', 'count-by-ticket-priority').views!.all!;
    expect(runMap(view.map, { klass: 'Ticket', status: 'done', priority: 'medium' })).toEqual([['medium', 1]]);
    expect(runMap(view.map, { klass: 'Equipment' })).toEqual([]);
  });

  it('count-by-ticket-status counts tickets by status and what the board filters on', () => {
    const view = ddoc('group', 'count-by-ticket-status').views!.all!;
    expect(view.reduce).toBe('_count');
    const ticket = { klass: 'Ticket', status: 'doing', priority: 'high', ticket_kind: 'bug', technical_id: 'usr-1' };
    expect(runMap(view.map, ticket)).toEqual([[['doing', 'high', 'bug', 'usr-1'], 1]]);
    expect(runMap(view.map, { klass: 'Ticket', status: 'open' })).toEqual([[['open', 'low', null, null], 1]]);
    expect(runMap(view.map, { klass: 'Ticket' })).toEqual([]);
    expect(runMap(view.map, { klass: 'Customer', status: 'open' })).toEqual([]);
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
    const ticket = {
      klass: 'Ticket',
      number: '1-17',
      title: 'Split (novo)',
      customer_id: 'cus-1',
      equipment_id: 'eqp-2',
    };
    expect(runMap(map, ticket).map(([k]) => k)).toEqual([
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

  it('the personal validate_doc_update refuses documents without klass', () => {
    const vdu = runInNewContext(`(${ddoc('personal', 'validation').validate_doc_update!})`) as (d: unknown) => void;
    expect(() => vdu({ _id: 'x' })).toThrow();
    expect(() => vdu({ _id: 'x', klass: 'Adjustment' })).not.toThrow();
    expect(() => vdu({ _id: 'x', _deleted: true })).not.toThrow();
  });
});
