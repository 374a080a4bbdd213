import { describe, expect, it } from 'vitest';
import { sideBySide } from '../support/side-by-side-sequencer.ts';

/** A file as the sequencer sees it: its name says its stream (e… end-to-end), with its expected seconds. */
type File = [name: string, seconds: number];
const names = (files: File[]) => files.map(([name]) => name);
const deal = (files: File[]) =>
  names(
    sideBySide(
      files,
      ([name]) => name.startsWith('e'),
      ([, seconds]) => seconds,
    ),
  );

describe('the order the pool takes files in', () => {
  it('deals the end-to-end files and the others side by side, each stream as far along as the other', () => {
    // Vitest's own order was project by project: every end-to-end file before any other.
    const files: File[] = [
      ['e1', 100],
      ['e2', 50],
      ['e3', 50],
      ['i1', 10],
      ['i2', 10],
      ['i3', 10],
      ['i4', 10],
    ];
    expect(deal(files)).toEqual(['e1', 'i1', 'i2', 'e2', 'i3', 'e3', 'i4']);
  });

  it('takes the longest first within each stream, keeping the given order between equals', () => {
    const files: File[] = [
      ['i1', 1],
      ['e1', 20],
      ['i2', 5],
      ['e2', 80],
      ['i3', 5],
    ];
    expect(deal(files)).toEqual(['e2', 'i2', 'i3', 'e1', 'i1']);
  });

  it('runs a stream alone when the other has no files', () => {
    expect(
      deal([
        ['i1', 1],
        ['i2', 3],
      ]),
    ).toEqual(['i2', 'i1']);
    expect(deal([])).toEqual([]);
  });
});
