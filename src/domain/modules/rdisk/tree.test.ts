import { describe, expect, it } from 'vitest';
import {
  binListing,
  canMoveInto,
  fitWithin,
  folderListing,
  folderNamed,
  freeName,
  pathTo,
  type FileRecord,
} from './tree.ts';

const dir = (id: string, name: string, dir_id: string | null = null, kind = 'dir'): FileRecord => ({
  _id: id,
  name,
  kind,
  dir_id,
});
const file = (id: string, name: string, dir_id: string | null, size: number, at: string, kind = 'file') => ({
  _id: id,
  name,
  kind,
  dir_id,
  size,
  modified_at: at,
});

const RECORDS: FileRecord[] = [
  dir('fle-a', 'Invoices'),
  dir('fle-b', '2026', 'fle-a'),
  dir('fle-c', 'March', 'fle-b'),
  dir('fle-d', 'attic', null, 'dir_deleted'),
  dir('fle-e', 'inside attic', 'fle-d'),
  file('fle-1', 'b.pdf', null, 5000, '2026-01-02'),
  file('fle-2', 'A10.txt', null, 10, '2026-01-03'),
  file('fle-3', 'A9.txt', null, 900, '2026-01-01'),
  file('fle-4', 'gone.txt', null, 1, '2026-01-01', 'file_deleted'),
  dir('fle-f', 'Archive'),
];

const names = (docs: FileRecord[]) => docs.map((d) => d.name);

describe('the disk tree', () => {
  it('lists a folder with its folders first, then its files, leaving the bin out', () => {
    const root = folderListing(RECORDS, null);
    expect(names(root.folders)).toEqual(['Archive', 'Invoices']);
    // Numbers inside names sort as numbers.
    expect(names(root.files)).toEqual(['A9.txt', 'A10.txt', 'b.pdf']);
    expect(names(folderListing(RECORDS, 'fle-a').folders)).toEqual(['2026']);
  });

  it('sorts by size and by date, either way; folders by name when sizing', () => {
    expect(names(folderListing(RECORDS, null, 'size').files)).toEqual(['A10.txt', 'A9.txt', 'b.pdf']);
    expect(names(folderListing(RECORDS, null, 'date', true).files)).toEqual(['A10.txt', 'b.pdf', 'A9.txt']);
    expect(names(folderListing(RECORDS, null, 'size', true).folders)).toEqual(['Invoices', 'Archive']);
  });

  it('walks from the root down to a folder, and knows a folder out of the tree', () => {
    expect(names(pathTo(RECORDS, 'fle-c')!)).toEqual(['Invoices', '2026', 'March']);
    expect(pathTo(RECORDS, null)).toEqual([]);
    expect(pathTo(RECORDS, 'fle-e')).toBeNull();
    expect(pathTo(RECORDS, 'fle-missing')).toBeNull();
    expect(pathTo(RECORDS, 'fle-1')).toBeNull();
    const cycle = [dir('fle-x', 'x', 'fle-y'), dir('fle-y', 'y', 'fle-x')];
    expect(pathTo(cycle, 'fle-x')).toBeNull();
  });

  it('moves nothing into itself or a folder it holds, however deep, nor into the bin', () => {
    const invoices = RECORDS[0]!;
    expect(canMoveInto(RECORDS, invoices, 'fle-a')).toBe(false);
    expect(canMoveInto(RECORDS, invoices, 'fle-c')).toBe(false);
    expect(canMoveInto(RECORDS, invoices, 'fle-f')).toBe(true);
    expect(canMoveInto(RECORDS, invoices, null)).toBe(true);
    expect(canMoveInto(RECORDS, RECORDS[5]!, 'fle-c')).toBe(true);
    expect(canMoveInto(RECORDS, RECORDS[5]!, 'fle-d')).toBe(false);
  });

  it('lists the bin', () => {
    expect(names(binListing(RECORDS)).sort()).toEqual(['attic', 'gone.txt']);
  });

  it('finds a free name beside the ones taken, before the extension', () => {
    expect(freeName(RECORDS, null, 'New folder')).toBe('New folder');
    expect(freeName(RECORDS, null, 'invoices')).toBe('invoices (2)');
    expect(freeName([...RECORDS, file('fle-9', 'b (2).pdf', null, 1, '')], null, 'b.pdf')).toBe('b (3).pdf');
  });
});

describe('a record’s folder and its photos', () => {
  it('finds a live folder by name in a folder, case aside', () => {
    expect(folderNamed(RECORDS, null, 'invoices')?._id).toBe('fle-a');
    expect(folderNamed(RECORDS, 'fle-a', '2026')?._id).toBe('fle-b');
    expect(folderNamed(RECORDS, null, 'attic')).toBeNull();
    expect(folderNamed(RECORDS, null, 'b.pdf')).toBeNull();
  });

  it('fits a photo within a size, never enlarging it', () => {
    expect(fitWithin(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 4000, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(800, 600, 2048)).toEqual({ width: 800, height: 600 });
  });
});
