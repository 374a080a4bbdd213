import { describe, expect, it } from 'vitest';
import { resolveLink } from './links.ts';
import {
  type Entry,
  entryOfRow,
  linkIndexOf,
  linkKeyOf,
  linkSuggestions,
  linksReach,
  markLinks,
  openEntry,
  wikiIndex,
} from './wiki.ts';

const entry = (id: string, klass: string, title: string, more: Partial<Entry> = {}): Entry => ({
  id,
  klass,
  key: title.toLowerCase(),
  title,
  updatedAt: '',
  tags: [],
  icon: '',
  ...more,
});

const entries = [
  entry('han-2', 'Handbook', 'Compressor care', { updatedAt: '2026-01-02', tags: ['hvac'] }),
  entry('han-1', 'Handbook', 'compressor CARE', { updatedAt: '2026-01-01' }),
  entry('han-3', 'Handbook', 'Ana Souza', { updatedAt: '2026-01-03', tags: ['hvac', 'people'] }),
  entry('bmk-1', 'Bookmark', 'https://b.org', { tags: ['hvac'] }),
  entry('cus-1', 'Customer', 'Ana Souza'),
  entry('cus-2', 'Customer', 'Bruno'),
  entry('eqi-1', 'Equipment', 'SN-100'),
  entry('eqi-2', 'Equipment', 'Bruno'),
  { ...entry('tik-1', 'Ticket', 'Fan noise'), key: '3-17' },
];

describe('the wiki over its entries', () => {
  it('reads a row of wiki/entries, whatever is missing', () => {
    expect(entryOfRow('han-1', ['Handbook', 'a', 'A', 'T', ['x'], '❄'])).toMatchObject({
      title: 'A',
      tags: ['x'],
      icon: '❄',
    });
    expect(entryOfRow('cus-1', ['Customer', 'a', 'A'])).toMatchObject({ updatedAt: '', tags: [], icon: '' });
    expect(entryOfRow('x', 'nope')).toBeNull();
  });

  it('resolves a note first (the smaller id of two alike), then a customer, then equipment', () => {
    const index = linkIndexOf(entries);
    expect(resolveLink('COMPRESSOR care', index)).toEqual({ kind: 'note', id: 'han-1' });
    expect(resolveLink('bruno', index)).toEqual({ kind: 'record', klass: 'Customer', id: 'cus-2' });
    expect(resolveLink('sn-100', index)).toEqual({ kind: 'record', klass: 'Equipment', id: 'eqi-1' });
    expect(resolveLink('#3-17', index)).toEqual({ kind: 'record', klass: 'Ticket', id: 'tik-1' });
  });

  it('says which links reach a record: none when a note or an earlier record has its name', () => {
    const index = linkIndexOf(entries);
    expect(linkKeyOf('Customer', { name: ' Bruno ' })).toEqual(['title', 'bruno']);
    expect(linkKeyOf('Ticket', { number: '3-17' })).toEqual(['ticket', '3-17']);
    expect(linkKeyOf('Wallet', { name: 'x' })).toBeNull();
    expect(linksReach('Customer', 'cus-2', { name: 'Bruno' }, index)).toBe(true);
    expect(linksReach('Customer', 'cus-1', { name: 'Ana Souza' }, index)).toBe(false);
    expect(linksReach('Equipment', 'eqi-2', { identifier: 'Bruno' }, index)).toBe(false);
    expect(linksReach('Ticket', 'tik-1', { number: '3-17' }, index)).toBe(true);
  });

  it('lists notes and bookmarks by title, by tag, and the most recently updated notes', () => {
    const index = wikiIndex(entries, 2);
    expect(index.byTitle.map((e) => e.id)).toEqual(['han-3', 'han-1', 'han-2', 'bmk-1']);
    expect(index.byTag.map(([tag, list]) => [tag, list.map((e) => e.id)])).toEqual([
      ['hvac', ['han-3', 'han-2', 'bmk-1']],
      ['people', ['han-3']],
    ]);
    expect(index.recentlyUpdated.map((e) => e.id)).toEqual(['han-3', 'han-2']);
  });

  it('suggests notes first, then records, tickets by number', () => {
    expect(linkSuggestions(entries, 'bru')).toEqual(['Bruno']);
    expect(linkSuggestions(entries, 'ana')).toEqual(['Ana Souza']);
    expect(linkSuggestions(entries, '3-1')).toEqual(['#3-17']);
    expect(linkSuggestions(entries, '', 3)).toEqual(['Ana Souza', 'compressor CARE', 'Compressor care']);
  });

  it('keeps the open entries like tabs: the last opened first, each once', () => {
    expect(openEntry(['a', 'b', 'c'], 'b', 3)).toEqual(['b', 'a', 'c']);
    expect(openEntry(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
  });

  it('marks links for the renderer, labels kept as text', () => {
    expect(markLinks('See [[A*b]] and [[#3-17|the *ticket*]], `[[code]]`')).toEqual({
      markdown: 'See [A\\*b](#wikilink-0) and [the \\*ticket\\*](#wikilink-1), `[[code]]`',
      links: [
        { target: 'A*b', label: null, start: 4, end: 11 },
        { target: '#3-17', label: 'the *ticket*', start: 16, end: 38 },
      ],
    });
  });
});
