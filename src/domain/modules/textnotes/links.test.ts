import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeLink,
  linkKeys,
  linkQueryAt,
  parseTarget,
  renameLinks,
  resolveLink,
  titleKey,
  titleProblem,
  wikiLinks,
} from './links.ts';

const targets = (text: string) => wikiLinks(text).map((link) => link.target);

describe('wikiLinks', () => {
  it.each([
    ['plain', 'See [[Compressor care]] first.', ['Compressor care']],
    ['two on a line', '[[A]] and [[B]]', ['A', 'B']],
    ['a label after a bar', 'the [[Compressor care|compressor]] page', ['Compressor care']],
    ['a ticket number', 'as in [[#3-17]]', ['#3-17']],
    ['spaces trimmed', '[[  Split unit  ]]', ['Split unit']],
    ['escaped opening', 'write \\[[Title]] to link', []],
    ['empty', '[[]] and [[ ]]', []],
    ['across lines', '[[Split\nunit]]', []],
    ['brackets inside', '[[a [b] c]]', []],
    ['unclosed', '[[Split unit', []],
    ['three brackets open', '[[[Title]]', ['Title']],
    ['inline code', 'type `[[Title]]` to link, or [[Real]]', ['Real']],
    ['double-backtick code', 'type ``a ` [[Title]]`` here', []],
    ['fenced code', 'before [[A]]\n```\n[[B]]\n```\nafter [[C]]', ['A', 'C']],
    ['tilde fence', '~~~md\n[[B]]\n~~~\n[[C]]', ['C']],
    ['a fence closed only by its own kind', '```\n~~~\n[[B]]\n```\n[[C]]', ['C']],
    ['an unclosed fence runs to the end', '[[A]]\n```\n[[B]]', ['A']],
    ['a fence indented up to three spaces', '   ```\n[[B]]\n   ```\n[[C]]', ['C']],
  ])('%s', (_, text, expected) => {
    expect(targets(text)).toEqual(expected);
  });

  it('gives where each link is, label included', () => {
    const text = 'x [[A|b]] y';
    const [link] = wikiLinks(text);
    expect(link).toEqual({ target: 'A', label: 'b', start: 2, end: 9 });
    expect(text.slice(link!.start, link!.end)).toBe('[[A|b]]');
  });

  it('never throws and finds only what is between brackets, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const link of wikiLinks(text)) {
          const raw = text.slice(link.start, link.end);
          expect(raw.startsWith('[[') && raw.endsWith(']]')).toBe(true);
          expect(raw).toContain(link.target);
        }
      }),
    );
  });
});

describe('targets and titles', () => {
  it('a hash and a ticket number is the ticket; anything else a title', () => {
    expect(parseTarget('#3-17')).toEqual({ kind: 'ticket', number: '3-17' });
    expect(parseTarget('# 3-17 ')).toEqual({ kind: 'ticket', number: '3-17' });
    expect(parseTarget('#hashtag')).toEqual({ kind: 'title', key: '#hashtag' });
    expect(parseTarget('Split Unit')).toEqual({ kind: 'title', key: 'split unit' });
  });

  it('titles match whatever their case and spacing, accents kept', () => {
    expect(titleKey('  Manutenção   Preventiva ')).toBe('manutenção preventiva');
    expect(titleKey('MANUTENÇÃO PREVENTIVA')).toBe(titleKey('manutenção preventiva'));
    expect(titleKey('manutencao preventiva')).not.toBe(titleKey('manutenção preventiva'));
    // The same letters written in two ways (composed or not) are one title.
    expect(titleKey('Manuten\u0063\u0327\u00e3o')).toBe(titleKey('Manutenção'));
  });

  it('a title that could not be linked to is refused with the reason', () => {
    expect(titleProblem('Split unit')).toBeNull();
    expect(titleProblem('   ')).toBe('empty');
    expect(titleProblem('a [b]')).toBe('brackets');
    expect(titleProblem('a|b')).toBe('bar');
    expect(titleProblem('#3-17')).toBe('ticket-number');
    expect(titleProblem('one\ntwo')).toBe('line-break');
  });
});

describe('resolveLink', () => {
  const index = {
    notes: new Map([['compressor care', 'han-1']]),
    tickets: new Map([['3-17', 'tik-1']]),
    records: [
      {
        klass: 'Customer',
        byKey: new Map([
          ['ana souza', 'cus-1'],
          ['compressor care', 'cus-2'],
        ]),
      },
      { klass: 'Equipment', byKey: new Map([['sn-100', 'eqi-1']]) },
    ],
  };

  it.each([
    ['#3-17', { kind: 'record', klass: 'Ticket', id: 'tik-1' }],
    ['#9-99', { kind: 'missing-ticket', number: '9-99' }],
    ['Compressor CARE', { kind: 'note', id: 'han-1' }],
    ['ana  souza', { kind: 'record', klass: 'Customer', id: 'cus-1' }],
    ['SN-100', { kind: 'record', klass: 'Equipment', id: 'eqi-1' }],
    ['Nothing yet', { kind: 'missing-note', title: 'Nothing yet' }],
  ])('%s', (target, expected) => {
    expect(resolveLink(target, index)).toEqual(expected);
  });
});

describe('linkKeys', () => {
  it('one key per target, whatever the case or the label', () => {
    expect(linkKeys('[[Split unit]] [[split UNIT|it]] [[#3-17]] `[[code]]`')).toEqual([
      ['title', 'split unit'],
      ['ticket', '3-17'],
    ]);
  });
});

describe('renameLinks', () => {
  it('rewrites every link to the old title, keeping labels, case-insensitively', () => {
    const text = 'See [[Split unit]], [[split UNIT|the unit]] and [[Other]].';
    expect(renameLinks(text, 'Split Unit', 'Split air conditioner')).toEqual({
      text: 'See [[Split air conditioner]], [[Split air conditioner|the unit]] and [[Other]].',
      changed: 2,
    });
  });

  it('leaves code, escaped brackets and ticket links alone', () => {
    const text = '`[[Old]]` \\[[Old]] [[#Old]]\n```\n[[Old]]\n```\n[[Old]]';
    expect(renameLinks(text, 'old', 'New')).toEqual({
      text: '`[[Old]]` \\[[Old]] [[#Old]]\n```\n[[Old]]\n```\n[[New]]',
      changed: 1,
    });
  });

  it('every link renamed resolves to the new title, and nothing else changes', () => {
    const word = fc.stringMatching(/^[A-Za-zçã ]{1,12}$/).filter((s) => titleProblem(s) === null);
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.constant('Old')), { maxLength: 8 }), word, (titles, to) => {
        const text = titles.map((title) => `[[${title}]]`).join(' - ');
        const renamed = renameLinks(text, 'old', to);
        const before = wikiLinks(text).map((link) => titleKey(link.target));
        const after = wikiLinks(renamed.text).map((link) => titleKey(link.target));
        expect(after).toEqual(before.map((key) => (key === 'old' ? titleKey(to) : key)));
        expect(renamed.changed).toBe(before.filter((key) => key === 'old').length);
      }),
    );
  });
});

describe('typing a link', () => {
  it('knows what is being typed after an open [[ on the line', () => {
    expect(linkQueryAt('See [[Comp', 10)).toEqual({ start: 4, query: 'Comp' });
    expect(linkQueryAt('See [[', 6)).toEqual({ start: 4, query: '' });
    expect(linkQueryAt('See [[Comp]] x', 14)).toBeNull();
    expect(linkQueryAt('[[a\nb', 5)).toBeNull();
    expect(linkQueryAt('\\[[Comp', 7)).toBeNull();
  });

  it('completes it with the chosen title, the caret after the link', () => {
    expect(completeLink('See [[Comp and more', 10, 'Compressor care')).toEqual({
      text: 'See [[Compressor care]] and more',
      caret: 23,
    });
  });
});
