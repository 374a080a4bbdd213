// The pieces of WebDAV that need no server: the `If` header, ranges, strict XML with namespaces,
// and the tree's paths (two devices can write records no path should follow).
import { describe, expect, it } from 'vitest';
import { parseRange } from './contents.ts';
import { lockTimeout, parseIf, submittedTokens } from './dav-locks.ts';
import { parseXml, serialize, XmlError } from './dav-xml.ts';
import { type FileDoc, FileTree, withVersion } from './files.ts';

describe('the If header', () => {
  it('reads tagged and untagged lists, Not, tokens and ETags', () => {
    const lists = parseIf('<http://h/a> (<opaquelocktoken:1> ["x"]) (Not <DAV:no-lock> ["x"])');
    expect(lists).toEqual([
      {
        tag: 'http://h/a',
        conditions: [
          { not: false, token: 'opaquelocktoken:1' },
          { not: false, etag: '"x"' },
        ],
      },
      {
        tag: 'http://h/a',
        conditions: [
          { not: true, token: 'DAV:no-lock' },
          { not: false, etag: '"x"' },
        ],
      },
    ]);
    expect([...submittedTokens(lists)]).toEqual(['opaquelocktoken:1', 'DAV:no-lock']);
    expect(parseIf('(<opaquelocktoken:1>)')).toHaveLength(1);
  });

  it('refuses what is cut or malformed', () => {
    for (const header of ['(<opaquelocktoken:1> ["x', '<http://h/a>', '()', 'garbage', '(<a>'])
      expect(parseIf(header), header).toBeNull();
  });

  it('keeps lock timeouts within an hour', () => {
    expect(lockTimeout('Second-60')).toBe(60);
    expect(lockTimeout('Infinite, Second-4100000000')).toBe(3600);
    expect(lockTimeout(undefined)).toBe(3600);
  });
});

describe('ranges', () => {
  it('answers one range, the suffix form, and what cannot be satisfied', () => {
    expect(parseRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(parseRange(undefined, 10)).toBeNull();
  });
});

describe('XML', () => {
  it('resolves namespaces and writes an element that stands alone', () => {
    const root = parseXml('<D:prop xmlns:D="DAV:" xmlns:Z="urn:z"><Z:a Z:k="v">x &amp; <Z:b/></Z:a></D:prop>');
    expect(root).toMatchObject({ ns: 'DAV:', local: 'prop' });
    const a = root.children[0]!;
    expect(typeof a !== 'string' && serialize(a)).toBe(
      '<a xmlns="urn:z" xmlns:a0="urn:z" a0:k="v">x &amp; <b xmlns="urn:z"/></a>',
    );
  });

  it('refuses XML that is not well-formed, and a prefix bound to no namespace', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(XmlError);
    expect(() => parseXml('<D:propfind xmlns:D="DAV:"><D:prop><bar:foo xmlns:bar=""/></D:prop></D:propfind>')).toThrow(
      XmlError,
    );
  });
});

const doc = (id: string, name: string, kind: string, dir_id?: string): FileDoc => ({
  _id: id,
  klass: 'CloudFile',
  name,
  kind,
  ...(dir_id ? { dir_id } : {}),
});

describe('the tree', () => {
  it('resolves paths, leaves the bin and whatever sits under it out, and survives a cycle', () => {
    const tree = new FileTree([
      doc('a', 'Docs', 'dir'),
      doc('b', 'plan.txt', 'file', 'a'),
      doc('c', 'Old', 'dir_deleted'),
      doc('d', 'inside.txt', 'file', 'c'),
      doc('x', 'X', 'dir', 'y'),
      doc('y', 'Y', 'dir', 'x'),
    ]);
    expect(tree.resolve(['Docs', 'plan.txt'])?._id).toBe('b');
    expect(tree.resolve([])).toBeNull();
    expect(tree.resolve(['Old'])).toBeUndefined();
    expect(tree.pathOf(tree.get('b')!)).toEqual(['Docs', 'plan.txt']);
    expect(tree.pathOf(tree.get('d')!)).toBeNull();
    expect(tree.pathOf(tree.get('x')!)).toBeNull();
    expect(tree.list(null).map((d) => d.name)).toEqual(['Docs']);
  });

  it('keeps the newest versions, as many as the file says', () => {
    let file = doc('f', 'a', 'file');
    for (let n = 0; n < 5; n++) file = withVersion(file, { hash: String(n), size: n, at: '', by: '' });
    expect(file.versions!.map((v) => v.hash)).toEqual(['4', '3', '2']);
    file = withVersion({ ...file, max_versions: 5 }, { hash: '5', size: 5, at: '', by: '' });
    expect(file.versions!.map((v) => v.hash)).toEqual(['5', '4', '3', '2']);
    expect(file.size).toBe(5);
  });
});
