// The wiki's design document (couch/group/wiki), run as CouchDB would run it, against the link
// rules it restates in ES5 (src/domain/modules/textnotes/links.ts): the same keys for any text.
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { designDoc as ddoc, runMap } from '../../../../test/support/couch-map.ts';
import { linkKeys, titleKey } from '../../../domain/modules/textnotes/links.ts';

const wiki = ddoc('group', 'wiki');
const links = (content: unknown, extra: Record<string, unknown> = {}) =>
  runMap(wiki.views!.links!.map, { _id: 'han-1', klass: 'Handbook', title: 'A', content, ...extra }).map(([k]) => k);

/** The links map compiled once (a context per run is too slow for thousands of texts). */
function compiledLinks(): (content: string) => unknown[] {
  let emitted: unknown[] = [];
  const map = runInNewContext(`(${wiki.views!.links!.map})`, { emit: (key: unknown) => emitted.push(key) }) as (
    doc: unknown,
  ) => void;
  return (content) => {
    emitted = [];
    map({ klass: 'Handbook', title: 'A', content });
    // Out of the vm's realm, so that toEqual compares arrays with arrays.
    return JSON.parse(JSON.stringify(emitted)) as unknown[];
  };
}

describe('wiki/links', () => {
  it('emits each target once, titles as links compare them, tickets by number', () => {
    expect(links('See [[Split  Unit]], [[split unit|it]], [[#3-17]] and `[[code]]`')).toEqual([
      ['title', 'split unit'],
      ['ticket', '3-17'],
    ]);
  });

  it('leaves fenced code, escaped brackets, other kinds and deleted notes out', () => {
    expect(links('```\n[[In code]]\n```\n\\[[Escaped]] [[Out]]')).toEqual([['title', 'out']]);
    expect(links('[[A]]', { _deleted: true })).toEqual([]);
    expect(runMap(wiki.views!.links!.map, { klass: 'Customer', content: '[[A]]' })).toEqual([]);
    expect(links(undefined)).toEqual([]);
  });

  it('gives the keys linkKeys gives, for any text', () => {
    // Texts made of the pieces the rules turn on: brackets, bars, backticks, fences, escapes,
    // hashes and ticket numbers, accents and spaces, line breaks.
    const word = fc.constantFrom(
      'Split unit',
      'SPLIT  UNIT',
      'Manutenção',
      'Manuten\u0063\u0327\u00e3o',
      'a',
      ' B ',
      '#3-17',
      '# 4-1',
      '',
    );
    const link = fc
      .tuple(fc.constantFrom('', '\\', '`', '``', '[', '|'), word, fc.constantFrom('', '|x', '|', '|a b'))
      .map(([before, target, label]) => `${before}[[${target}${label}]]`);
    const piece = fc.oneof(
      link,
      link,
      fc.constantFrom('[[', ']]', '[', ']', '|', '`', '``', '\\', ' ', '\n', '\t'),
      fc.constantFrom('\n```\n', '\n~~~\n', '\n   ````\n', '\n    ```\n', '\n``` x\n', '\n~~~~\n'),
      fc.string({ maxLength: 4 }),
    );
    const viewKeys = compiledLinks();
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(viewKeys(text)).toEqual(linkKeys(text));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('wiki/entries', () => {
  const entries = (doc: Record<string, unknown>) => runMap(wiki.views!.entries!.map, doc).map(([k]) => k);

  it('names handbooks by title key with what the index shows, bookmarks, and the records links reach', () => {
    expect(
      entries({ klass: 'Handbook', title: ' Split  Unit', updated_at: 'T', categories: ['hvac'], icon: '❄' }),
    ).toEqual([['Handbook', titleKey(' Split  Unit'), ' Split  Unit', 'T', ['hvac'], '❄']]);
    expect(entries({ klass: 'Handbook', title: 'A' })).toEqual([['Handbook', 'a', 'A', '', [], '']]);
    expect(entries({ klass: 'Bookmark', url: 'https://X.org', tag_names: ['a'] })).toEqual([
      ['Bookmark', 'https://x.org', 'https://X.org', '', ['a'], ''],
    ]);
    expect(entries({ klass: 'Customer', name: 'Ana  SOUZA' })).toEqual([['Customer', 'ana souza', 'Ana  SOUZA']]);
    expect(entries({ klass: 'Equipment', identifier: 'SN-100' })).toEqual([['Equipment', 'sn-100', 'SN-100']]);
    expect(entries({ klass: 'Ticket', number: '3-17', title: 'Fan' })).toEqual([['Ticket', '3-17', 'Fan']]);
    expect(entries({ klass: 'Handbook', title: 'A', _deleted: true })).toEqual([]);
    expect(entries({ klass: 'Wallet', name: 'A' })).toEqual([]);
  });

  it('compares titles as titleKey does, for any title', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (title) => {
        expect((entries({ klass: 'Customer', name: title })[0] as unknown[])[1]).toBe(titleKey(title));
      }),
    );
  });
});
