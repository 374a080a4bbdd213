import { describe, expect, it } from 'vitest';
import { readOpml, writeOpml } from './opml.ts';

const EXPORTED = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head><title>Minhas assinaturas</title></head>
  <body>
    <outline text="Fabricantes" title="Fabricantes">
      <outline text="Carrier Brasil" type="rss" xmlUrl="https://carrier.example/feed.xml" htmlUrl="https://carrier.example/"/>
      <outline text="Recalls">
        <outline text="Springer  Midea" type="rss" xmlUrl="https://midea.example/rss"/>
      </outline>
    </outline>
    <outline text="Avisos" title="Avisos">
      <outline text="Carrier (again)" type="rss" xmlUrl="https://carrier.example/feed.xml"/>
    </outline>
    <outline text="Top level" type="rss" xmlUrl="http://news.example/atom"/>
    <outline text="Not a feed" type="link" url="https://example.com/"/>
    <outline text="Bad address" type="rss" xmlUrl="javascript:alert(1)"/>
  </body>
</opml>`;

describe('OPML', () => {
  it('reads folders as labels at any depth, a feed listed twice once, only http(s) feeds', () => {
    expect(readOpml(EXPORTED)).toEqual([
      {
        url: 'https://carrier.example/feed.xml',
        title: 'Carrier Brasil',
        websiteUrl: 'https://carrier.example/',
        labels: ['Fabricantes', 'Avisos'],
      },
      {
        url: 'https://midea.example/rss',
        title: 'Springer Midea',
        websiteUrl: null,
        labels: ['Fabricantes', 'Recalls'],
      },
      { url: 'http://news.example/atom', title: 'Top level', websiteUrl: null, labels: [] },
    ]);
  });

  it('writes what it reads back, each label a folder', () => {
    const subscriptions = readOpml(EXPORTED);
    const written = writeOpml('Oficina', subscriptions, new Date('2026-11-25T12:00:00Z'));
    expect(written).toContain('<title>Oficina</title>');
    expect(written).toContain('xmlUrl="https://carrier.example/feed.xml"');
    const labelsByUrl = (list: typeof subscriptions) =>
      Object.fromEntries(list.map((s) => [s.url, [...s.labels].sort()]));
    expect(labelsByUrl(readOpml(written))).toEqual(labelsByUrl(subscriptions));
  });

  it('says plainly when a file is not OPML', () => {
    expect(() => readOpml('<html><body>hello</body></html>')).toThrow(/not OPML/);
  });
});
