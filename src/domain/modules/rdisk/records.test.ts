// The disk's rules, as the door and the device judge a person's write (src/domain/permissions.ts).
import { describe, expect, it } from 'vitest';
import { checkDocWrite } from '../../permissions.ts';
import { newId } from '../../ids.ts';
import {
  currentThumbnail,
  isFileName,
  isThumbnailData,
  MAX_THUMBNAIL_BYTES,
  maxVersionsOf,
  recordFolderName,
  storedBytes,
} from './records.ts';

const db = newId('Account');
const member = { name: newId('User'), roles: [db], permission: 'full' as const };
const folderId = newId('CloudFile');
const folder = { _id: folderId, _rev: '1-a', klass: 'CloudFile', name: 'Fotos', kind: 'dir' };
const fileId = newId('CloudFile');
const version = { hash: 'a'.repeat(64), size: 3, at: '2026-11-27T10:00:00.000Z', by: member.name };
const stored = {
  _id: fileId,
  _rev: '2-b',
  klass: 'CloudFile',
  name: 'plate.jpg',
  kind: 'file',
  dir_id: folderId,
  size: 3,
  versions: [version],
};
const records = new Map<string, Record<string, unknown>>([[folderId, folder]]);
const context = { settings: {}, today: '2026-11-27', records };

const write = (doc: Record<string, unknown>, before: Record<string, unknown> | null = stored) =>
  checkDocWrite(member, db, doc, { admin: false }, before, context);

describe('a person writing a disk record', () => {
  it('renames, describes, colours, stars, moves, deletes to the bin and restores', () => {
    for (const change of [
      { name: 'plate (1).jpg' },
      { description: 'the boiler plate', color: '#ff0000', starred: true, max_versions: 10 },
      { dir_id: undefined },
      { kind: 'file_deleted' },
    ])
      expect(write({ ...stored, ...change }), JSON.stringify(change)).toEqual({ ok: true });
    expect(write({ ...stored, kind: 'file' }, { ...stored, kind: 'file_deleted' })).toEqual({ ok: true });
  });

  it('creates folders and empty files, without what only the server writes', () => {
    expect(write({ _id: newId('CloudFile'), klass: 'CloudFile', name: 'Docs', kind: 'dir' }, null)).toEqual({
      ok: true,
    });
    const forged = { _id: newId('CloudFile'), klass: 'CloudFile', name: 'x', kind: 'file', versions: [version] };
    expect(write(forged, null)).toMatchObject({ ok: false, status: 422, reason: { versions: ['is not allowed'] } });
  });

  it('never changes versions, size or the other server fields', () => {
    const other = { ...version, hash: 'b'.repeat(64) };
    for (const change of [
      { versions: [other] },
      { versions: [] },
      { size: 99 },
      { fullpath: '/x' },
      { modified_at: '2020-01-01T00:00:00Z' },
    ]) {
      const verdict = write({ ...stored, ...change });
      expect(verdict, JSON.stringify(change)).toMatchObject({ ok: false, status: 422 });
    }
  });

  it('keeps a file a file and a folder a folder', () => {
    expect(write({ ...stored, kind: 'dir' })).toMatchObject({ ok: false, reason: { kind: ['is invalid'] } });
    expect(write({ ...folder, kind: 'file' }, folder)).toMatchObject({ ok: false, reason: { kind: ['is invalid'] } });
  });

  it('refuses names that are no path segment, and a parent that is no folder', () => {
    for (const name of ['a/b', '..', '.', ' lead', 'tab\there'])
      expect(write({ ...stored, name }), name).toMatchObject({ ok: false, reason: { name: ['is invalid'] } });
    expect(write({ ...stored, dir_id: fileId })).toMatchObject({ ok: false, reason: { dir_id: ['is invalid'] } });
    expect(write({ ...stored, dir_id: newId('CloudFile') })).toMatchObject({
      ok: false,
      reason: { dir_id: ['must exist'] },
    });
  });
});

describe('names and versions kept', () => {
  it('is one segment, and keeps 3 versions unless the file says', () => {
    expect(isFileName('Relatório final.pdf')).toBe(true);
    expect(isFileName('a/b')).toBe(false);
    expect(maxVersionsOf({})).toBe(3);
    expect(maxVersionsOf({ max_versions: 5 })).toBe(5);
  });
});

describe('storedBytes', () => {
  it('adds every content the versions name once, the bin’s included', () => {
    const v = (hash: string, size: number) => ({
      hash: hash.repeat(64),
      size,
      at: '2026-11-27T10:00:00.000Z',
      by: 'u',
    });
    const docs = [
      { versions: [v('a', 100), v('b', 50)] },
      { versions: [v('a', 100)] },
      { kind: 'file_deleted', versions: [v('c', 7)] },
      { kind: 'dir' },
    ];
    expect(storedBytes(docs)).toBe(157);
    expect(storedBytes([])).toBe(0);
  });
});

describe('thumbnails', () => {
  const hash = 'a'.repeat(64);
  const jpeg = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
  it('shows a thumbnail only while it was made of the current content', () => {
    const versions = [{ hash, size: 3, at: '2026-11-27T10:00:00.000Z', by: 'u' }];
    expect(currentThumbnail({ versions, thumbnail: jpeg, thumbnail_of: hash })).toBe(jpeg);
    expect(currentThumbnail({ versions, thumbnail: jpeg, thumbnail_of: 'b'.repeat(64) })).toBeNull();
    expect(currentThumbnail({ versions })).toBeNull();
    expect(currentThumbnail({ thumbnail: jpeg, thumbnail_of: hash })).toBeNull();
  });

  it('is a small JPEG as a data URL, written by the server only', () => {
    expect(isThumbnailData(jpeg)).toBe(true);
    expect(isThumbnailData('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isThumbnailData(`data:image/jpeg;base64,${'A'.repeat(MAX_THUMBNAIL_BYTES * 2)}`)).toBe(false);
    expect(write({ ...stored, thumbnail: jpeg, thumbnail_of: hash })).toMatchObject({
      ok: false,
      status: 422,
      reason: { thumbnail: ['is not allowed'], thumbnail_of: ['is not allowed'] },
    });
  });
});

describe('recordFolderName', () => {
  it('makes one path segment of a record’s name, or takes its id', () => {
    expect(recordFolderName('Ana Souza', 'cus-1')).toBe('Ana Souza');
    expect(recordFolderName(' ACME 3000/B\\2 ', 'eqi-1')).toBe('ACME 3000-B-2');
    expect(recordFolderName('..', 'eqi-1')).toBe('eqi-1');
    expect(recordFolderName(undefined, 'cus-2')).toBe('cus-2');
    expect(recordFolderName('x'.repeat(300), 'cus-3')).toHaveLength(255);
  });
});
