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
    expect(readOpml(EXPORTED).subscriptions).toEqual([
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
    const { subscriptions } = readOpml(EXPORTED);
    const written = writeOpml('Oficina', subscriptions, new Date('2026-11-25T12:00:00Z'));
    expect(written).toContain('<title>Oficina</title>');
    expect(written).toContain('xmlUrl="https://carrier.example/feed.xml"');
    const labelsByUrl = (list: typeof subscriptions) =>
      Object.fromEntries(list.map((s) => [s.url, [...s.labels].sort()]));
    expect(labelsByUrl(readOpml(written).subscriptions)).toEqual(labelsByUrl(subscriptions));
  });

  it('subscribes an entry without a feed address by its website, and names each entry left out (issue 28)', () => {
    const reading = readOpml(`<?xml version="1.0"?>
<opml version="2.0"><head><title>T</title></head><body>
  <outline text="Fornecedores">
    <outline text="Treinamentos Frio" type="rss" htmlUrl="https://frio.example/treinamentos"/>
    <outline text="Empty folder"/>
  </outline>
  <outline text="Site and feed" htmlUrl="https://both.example/" xmlUrl="https://both.example/feed"/>
</body></opml>`);
    expect(reading.subscriptions).toEqual([
      {
        url: 'https://frio.example/treinamentos',
        title: 'Treinamentos Frio',
        websiteUrl: 'https://frio.example/treinamentos',
        labels: ['Fornecedores'],
      },
      { url: 'https://both.example/feed', title: 'Site and feed', websiteUrl: 'https://both.example/', labels: [] },
    ]);
    expect(reading.skipped).toEqual([]);
    expect(readOpml(EXPORTED).skipped).toEqual(['Not a feed', 'Bad address']);
  });

  it('says plainly when a file is not OPML', () => {
    expect(() => readOpml('<html><body>hello</body></html>')).toThrow(/not OPML/);
  });
});
