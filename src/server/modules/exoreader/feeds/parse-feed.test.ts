import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeBody, FeedError, parseFeed, type ParsedItem, rootElementOf, toIsoDate } from './parse-feed.ts';

const fixture = (name: string): Uint8Array =>
  readFileSync(new URL(`../../../../../test/fixtures/feeds/${name}`, import.meta.url));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const latin1 = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'latin1'));

function failure(run: () => unknown): FeedError {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected a FeedError');
}

const rss = (items: string, channel = '<title>T</title>') =>
  utf8(`<?xml version="1.0"?><rss version="2.0"><channel>${channel}${items}</channel></rss>`);

describe('parseFeed, RSS 2.0', () => {
  const feed = parseFeed(fixture('rss2.xml'), 'application/rss+xml', 'https://obras.example/blog/feed.xml');

  it('reads the channel, its title decoded and its link absolute', () => {
    expect(feed.title).toBe('Caderno de Obras & Reformas');
    expect(feed.websiteUrl).toBe('https://obras.example/');
  });

  it('keeps the first of two items with one guid, and every other item in order', () => {
    expect(feed.items.map((item) => item.guid)).toEqual([
      'obras-2024-05-telhado',
      'https://obras.example/blog/posts/orcamento',
      'https://obras.example/sobre',
      'Aviso: feriado\n2024-05-01T08:00:00.000Z',
    ]);
    expect(feed.items[0]?.title).toBe('Telhado novo na Rua das Flores');
  });

  it('prefers content:encoded, sanitised with links against the item, and keeps the description as summary', () => {
    expect(feed.items[0]).toEqual<ParsedItem>({
      guid: 'obras-2024-05-telhado',
      url: 'https://obras.example/blog/posts/telhado-novo',
      title: 'Telhado novo na Rua das Flores',
      content:
        '<p>Trocamos as telhas em <strong>dois dias</strong>.</p>\n' +
        '<p><img src="https://obras.example/blog/posts/fotos/telhado.jpg" alt="O telhado" loading="lazy" referrerpolicy="no-referrer" /> ' +
        '<a href="https://obras.example/blog/contato" rel="noopener noreferrer nofollow" target="_blank">Fale conosco</a></p>',
      contentType: 'html',
      summary: 'Trocamos as telhas em dois dias.',
      publishedAt: '2024-05-14T12:30:00.000Z',
      enclosures: [],
    });
  });

  it('derives a guid from the link, strips tags from titles and reads dc:date', () => {
    expect(feed.items[1]).toEqual<ParsedItem>({
      guid: 'https://obras.example/blog/posts/orcamento',
      url: 'https://obras.example/blog/posts/orcamento',
      title: 'Orçamento grátis em maio',
      content: '<p>Peça o seu orçamento <em>sem compromisso</em>.</p>',
      contentType: 'html',
      summary: null,
      publishedAt: '2024-05-02T12:00:00.000Z',
      enclosures: [],
    });
  });

  it('takes a permalink guid as the link, and leaves a missing date null', () => {
    expect(feed.items[2]).toMatchObject({ url: 'https://obras.example/sobre', publishedAt: null });
  });

  it('derives a guid from title and date when there is no link either', () => {
    expect(feed.items[3]).toMatchObject({
      url: null,
      title: 'Aviso: feriado',
      guid: 'Aviso: feriado\n2024-05-01T08:00:00.000Z',
    });
  });

  it('does not take a guid marked isPermaLink="false" as the link', () => {
    const { items } = parseFeed(
      rss('<item><title>A</title><guid isPermaLink="false">https://x.example/a</guid></item>'),
      null,
      'https://x.example/feed',
    );
    expect(items[0]).toMatchObject({ guid: 'https://x.example/a', url: null });
  });

  it('derives a guid from the content when an item has no guid, link, title nor date', () => {
    const { items } = parseFeed(
      rss('<item><description>Only words</description></item><item></item>'),
      null,
      'https://x.example/feed',
    );
    expect(items).toHaveLength(1);
    expect(items[0]?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(items[0]?.title).toBe('');
  });

  it('resolves against xml:base when the feed sets one', () => {
    const body = utf8(
      '<rss version="2.0" xml:base="https://cdn.example/site/"><channel><title>T</title><link>home</link>' +
        '<item><title>A</title><link>a.html</link><description>&lt;a href="b.html"&gt;b&lt;/a&gt;</description></item></channel></rss>',
    );
    const feed = parseFeed(body, null, 'https://x.example/feed.xml');
    expect(feed.websiteUrl).toBe('https://cdn.example/site/home');
    expect(feed.items[0]?.url).toBe('https://cdn.example/site/a.html');
    expect(feed.items[0]?.content).toBe(
      '<a href="https://cdn.example/site/b.html" rel="noopener noreferrer nofollow" target="_blank">b</a>',
    );
  });

  it('keeps no link that is not http(s), and names the feed after its host when it has no title', () => {
    const feed = parseFeed(
      rss(
        '<item><title>A</title><link>javascript:alert(1)</link></item>',
        '<title>T</title><link>ftp://x.example/</link>',
      ),
      null,
      'https://x.example/feed',
    );
    expect(feed.title).toBe('T');
    expect(feed.websiteUrl).toBeNull();
    expect(feed.items[0]?.url).toBeNull();
    expect(
      parseFeed(rss('<item><title>A</title></item>', '<title> </title>'), null, 'https://news.example/rss').title,
    ).toBe('news.example');
  });
});

describe('parseFeed, guids that are not addresses (issue 28)', () => {
  it('invents no link from a guid like "cp-2" when the link is refused, and resolves content against the feed', () => {
    const { items } = parseFeed(
      rss(
        '<item><title>A</title><link>javascript:alert(1)</link><guid>cp-2</guid>' +
          '<description>&lt;a href="manual.pdf"&gt;m&lt;/a&gt;</description></item>',
      ),
      null,
      'https://x.example/blog/feed.xml',
    );
    expect(items[0]).toMatchObject({ guid: 'cp-2', url: null });
    expect(items[0]?.content).toContain('href="https://x.example/blog/manual.pdf"');
  });

  it('takes an absolute http(s) guid as the link, and a relative one only when isPermaLink="true" says so', () => {
    const { items } = parseFeed(
      rss(
        '<item><title>A</title><guid>https://x.example/posts/a</guid></item>' +
          '<item><title>B</title><guid isPermaLink="true">posts/b</guid></item>' +
          '<item><title>C</title><guid>tag:x.example,2024:c</guid></item>',
      ),
      null,
      'https://x.example/feed.xml',
    );
    expect(items.map((item) => item.url)).toEqual(['https://x.example/posts/a', 'https://x.example/posts/b', null]);
  });
});

describe('parseFeed, enclosures (issue 28)', () => {
  it('keeps an RSS item’s enclosures with type and length, only at http(s) addresses, each once', () => {
    const { items } = parseFeed(
      rss(
        '<item><title>Aula 1</title><guid>a1</guid>' +
          '<enclosure url="media/aula1.mp3" type="audio/mpeg" length="12345678"/>' +
          '<enclosure url="https://cdn.example/aula1.mp4" type="video/mp4" length="0"/>' +
          '<enclosure url="https://cdn.example/aula1.mp4" type="video/mp4" length="99"/>' +
          '<enclosure url="javascript:alert(1)" type="audio/mpeg" length="1"/>' +
          '<enclosure url="data:audio/mpeg;base64,AAAA" type="audio/mpeg" length="1"/>' +
          '<enclosure url="https://cdn.example/notes" type="not a type" length="-3"/></item>',
      ),
      null,
      'https://x.example/podcast/feed.xml',
    );
    expect(items[0]?.enclosures).toEqual([
      { url: 'https://x.example/podcast/media/aula1.mp3', type: 'audio/mpeg', length: 12345678 },
      { url: 'https://cdn.example/aula1.mp4', type: 'video/mp4', length: null },
      { url: 'https://cdn.example/notes', type: null, length: null },
    ]);
  });

  it('reads Atom enclosure links and JSON Feed attachments', () => {
    const atom = parseFeed(
      utf8(
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>e1</id><title>E</title>' +
          '<link rel="alternate" href="https://x.example/e1"/>' +
          '<link rel="enclosure" href="https://x.example/e1.ogg" type="audio/ogg" length="2048"/></entry></feed>',
      ),
      null,
      'https://x.example/atom',
    );
    expect(atom.items[0]?.enclosures).toEqual([{ url: 'https://x.example/e1.ogg', type: 'audio/ogg', length: 2048 }]);
    const json = parseFeed(
      utf8(
        JSON.stringify({
          version: 'https://jsonfeed.org/version/1.1',
          title: 'J',
          items: [
            {
              id: 'j1',
              content_text: 'x',
              attachments: [
                { url: 'j1.m4a', mime_type: 'audio/mp4', size_in_bytes: 512 },
                { url: 'javascript:alert(1)', mime_type: 'audio/mp4' },
              ],
            },
          ],
        }),
      ),
      null,
      'https://x.example/feed.json',
    );
    expect(json.items[0]?.enclosures).toEqual([{ url: 'https://x.example/j1.m4a', type: 'audio/mp4', length: 512 }]);
  });
});

describe('parseFeed, dates ahead of the fetch (issue 28)', () => {
  const fetchedAt = new Date('2026-11-27T05:00:00.000Z');

  it('clamps a date later than the fetch to the fetch time, and keeps earlier ones', () => {
    const { items } = parseFeed(
      rss(
        '<item><title>Ahead</title><guid>f</guid><pubDate>Tue, 01 Jan 2030 10:00:00 GMT</pubDate></item>' +
          '<item><title>Past</title><guid>p</guid><pubDate>Wed, 25 Nov 2026 10:00:00 GMT</pubDate></item>',
      ),
      null,
      'https://x.example/feed',
      fetchedAt,
    );
    expect(items.map((item) => item.publishedAt)).toEqual(['2026-11-27T05:00:00.000Z', '2026-11-25T10:00:00.000Z']);
  });

  it('derives the same guid from a future date at every fetch', () => {
    const body = rss('<item><title>No id</title><pubDate>Tue, 01 Jan 2030 10:00:00 GMT</pubDate></item>');
    const first = parseFeed(body, null, 'https://x.example/feed', fetchedAt).items[0];
    const later = parseFeed(body, null, 'https://x.example/feed', new Date('2026-11-28T00:00:00Z')).items[0];
    expect(first?.guid).toBe('No id\n2030-01-01T10:00:00.000Z');
    expect(later?.guid).toBe(first?.guid);
    expect(later?.publishedAt).toBe('2026-11-28T00:00:00.000Z');
  });
});

describe('parseFeed, RSS 1.0 (RDF)', () => {
  const feed = parseFeed(fixture('rss1-rdf.xml'), 'application/rdf+xml', 'https://lab.example/index.rdf');

  it('reads channel and items, with rdf:about as guid', () => {
    expect(feed.title).toBe('Laboratório Aberto');
    expect(feed.websiteUrl).toBe('https://lab.example/');
    expect(feed.items).toEqual<ParsedItem[]>([
      {
        guid: 'https://lab.example/notes/42',
        url: 'https://lab.example/notes/42',
        title: 'Medindo a umidade do solo',
        content:
          '<p>Um sensor <em>capacitivo</em> e um ESP32. <a href="https://lab.example/parts" rel="noopener noreferrer nofollow" target="_blank">Peças</a></p>',
        contentType: 'html',
        summary: 'Um sensor capacitivo e um ESP32.',
        publishedAt: '2024-03-10T17:20:00.000Z',
        enclosures: [],
      },
      {
        guid: 'https://lab.example/notes/41',
        url: 'https://lab.example/notes/41',
        title: 'Calibração',
        content: 'Água destilada e sal.',
        contentType: 'html',
        summary: null,
        publishedAt: '2024-03-01T00:00:00.000Z',
        enclosures: [],
      },
    ]);
  });
});

describe('parseFeed, Atom', () => {
  const feed = parseFeed(fixture('atom.xml'), 'application/atom+xml', 'https://notes.example/feed');

  it('reads an html title as text, and the alternate link against xml:base', () => {
    expect(feed.title).toBe('Field Notes');
    expect(feed.websiteUrl).toBe('https://notes.example/journal/');
  });

  it('resolves links and content against nested xml:base, and prefers published to updated', () => {
    expect(feed.items[0]).toEqual<ParsedItem>({
      guid: 'tag:notes.example,2024:spring',
      url: 'https://notes.example/journal/2024/spring.html',
      title: 'Spring & the garden',
      content:
        '<p>The beans came up. <img src="https://notes.example/journal/2024/img/beans.jpg" alt="Beans" loading="lazy" referrerpolicy="no-referrer" /></p>' +
        '<p><a href="https://notes.example/journal/" rel="noopener noreferrer nofollow" target="_blank">All notes</a></p>',
      contentType: 'html',
      summary: 'Beans, at last.',
      publishedAt: '2024-06-01T08:00:00.000Z',
      enclosures: [{ url: 'https://notes.example/journal/2024/spring.jpg', type: 'image/jpeg', length: null }],
    });
  });

  it('keeps type="text" titles and content as written', () => {
    expect(feed.items[1]).toEqual<ParsedItem>({
      guid: 'tag:notes.example,2024:markup',
      url: 'https://elsewhere.example/markup',
      title: 'Using <b> in titles',
      content: 'Plain text, where <b> is just three characters.',
      contentType: 'text',
      summary: null,
      publishedAt: '2024-05-20T07:30:00.000Z',
      enclosures: [],
    });
  });

  it('reads xhtml titles and content as HTML', () => {
    expect(feed.items[2]).toMatchObject({
      title: 'An xhtml entry',
      url: 'https://notes.example/journal/xhtml-entry',
      content: '<p>Written as <strong>XHTML</strong>.</p>',
      contentType: 'html',
    });
  });

  it('keeps a text summary beside the content as written', () => {
    const body = utf8(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>e</id><title>E</title>' +
        '<content type="html">&lt;p&gt;Full&lt;/p&gt;</content><summary>Use  &lt;b&gt; here</summary>' +
        '<updated>2024-01-01T00:00:00Z</updated></entry></feed>',
    );
    expect(parseFeed(body, null, 'https://x.example/atom').items[0]).toMatchObject({
      content: '<p>Full</p>',
      summary: 'Use <b> here',
    });
  });

  it('falls back to the summary when the content is elsewhere (src)', () => {
    const body = utf8(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>e</id><title>E</title>' +
        '<content src="https://x.example/e.pdf" type="application/pdf"/><summary type="html">&lt;p&gt;Short&lt;/p&gt;</summary>' +
        '<updated>2024-01-01T00:00:00Z</updated></entry></feed>',
    );
    expect(parseFeed(body, null, 'https://x.example/atom').items[0]).toMatchObject({
      content: '<p>Short</p>',
      contentType: 'html',
      summary: null,
    });
  });
});

describe('parseFeed, JSON Feed', () => {
  const feed = parseFeed(fixture('feed.json'), 'application/feed+json', 'https://oficina.example/feed.json');

  it('reads items, html and text content, and relative urls', () => {
    expect(feed.title).toBe('Oficina Digital');
    expect(feed.websiteUrl).toBe('https://oficina.example/');
    expect(feed.items).toEqual<ParsedItem[]>([
      {
        guid: 'https://oficina.example/2024/04/solda',
        url: 'https://oficina.example/2024/04/solda',
        title: 'Solda a frio: quando usar',
        content:
          '<p>Quase nunca. <img src="https://oficina.example/img/solda.png" alt="" loading="lazy" referrerpolicy="no-referrer" /></p>',
        contentType: 'html',
        summary: 'Quase nunca.',
        publishedAt: '2024-04-18T17:00:00.000Z',
        enclosures: [],
      },
      {
        guid: '2',
        url: 'https://outro.example/artigo',
        title: 'Link da semana',
        content: 'Um artigo que vale a leitura.',
        contentType: 'text',
        summary: null,
        publishedAt: '2024-04-12T09:00:00.000Z',
        enclosures: [],
      },
      {
        guid: '3',
        url: null,
        title: 'Sem data',
        content: 'Só um resumo.',
        contentType: 'text',
        summary: null,
        publishedAt: null,
        enclosures: [],
      },
    ]);
  });
});

describe('parseFeed, encodings', () => {
  it('reads UTF-8 bytes as UTF-8 when the feed declares ISO-8859-1', () => {
    const feed = parseFeed(fixture('latin1-declared-utf8-actual.xml'), 'text/xml', 'https://padaria.example/feed');
    expect(feed.title).toBe('Padaria São João');
    expect(feed.items[0]?.title).toBe('Promoção de coração');
    expect(feed.items[0]?.content).toBe('Pão francês às 7h — 10% off');
  });

  it('reads undeclared bytes that are not UTF-8 as Windows-1252 (€, curly quotes, dashes)', () => {
    const feed = parseFeed(
      fixture('win1252-undeclared.xml'),
      'application/xml; charset=utf-8',
      'https://cafe.example/f',
    );
    expect(feed.title).toBe('Café Crème');
    expect(feed.items[0]?.title).toBe('Menu do mês: “pão de açúcar” por 5 € – só hoje');
    expect(feed.items[0]?.content).toBe('Açaí, maçã e limão.');
  });

  it('reads a feed in the encoding its prolog declares', () => {
    const body = latin1(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Ação</title></channel></rss>',
    );
    expect(parseFeed(body, null, 'https://x.example/f').title).toBe('Ação');
  });

  it('reads a feed in the encoding its Content-Type declares when the prolog says none', () => {
    const koi8 = Uint8Array.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]); // "Привет" in KOI8-R
    const body = new Uint8Array([
      ...utf8('<rss version="2.0"><channel><title>'),
      ...koi8,
      ...utf8('</title></channel></rss>'),
    ]);
    expect(parseFeed(body, 'application/rss+xml; charset=KOI8-R', 'https://x.example/f').title).toBe('Привет');
  });
});

describe('decodeBody', () => {
  it.each<[string, Uint8Array, string | null, string]>([
    [
      'UTF-8 with a byte order mark',
      Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa9]),
      'text/xml; charset=iso-8859-1',
      'aé',
    ],
    ['UTF-16LE with a byte order mark', Uint8Array.from([0xff, 0xfe, 0x3c, 0x00, 0xe9, 0x00]), null, '<é'],
    ['UTF-16BE without one', Uint8Array.from([0x00, 0x3c, 0x00, 0xe9]), null, '<é'],
    ['UTF-8 with one stray Latin-1 byte', Uint8Array.from([0xc3, 0xa7, 0x20, 0xe9]), null, 'ç é'],
    ['an unknown charset', utf8('<a>é</a>'), 'text/xml; charset=x-no-such-thing', '<a>é</a>'],
    [
      'ISO-8859-2 declared in the prolog',
      latin1('<?xml version="1.0" encoding="iso-8859-2"?><a>\xb1</a>'),
      'text/xml; charset=utf-8',
      '<?xml version="1.0" encoding="iso-8859-2"?><a>ą</a>',
    ],
    [
      'an HTML page by its meta charset',
      latin1('<!doctype html><html><head><meta charset="koi8-r"><title>\xf0</title>'),
      'text/html',
      '<!doctype html><html><head><meta charset="koi8-r"><title>П</title>',
    ],
  ])('%s', (_label, body, contentType, text) => {
    expect(decodeBody(body, contentType)).toBe(text);
  });
});

describe('parseFeed, failures', () => {
  it('says an HTML page is not a feed', () => {
    const error = failure(() => parseFeed(fixture('not-a-feed.html'), 'text/html', 'https://marcenaria.example/'));
    expect(error.code).toBe('not_a_feed');
    expect(error.message).toBe('This address is a web page, not a feed.');
  });

  it.each([
    ['plain text', 'Hello, world'],
    ['JSON that is not a feed', '{"status":"ok"}'],
    ['an empty body', ''],
    ['an OPML list', '<?xml version="1.0"?><opml version="2.0"><head/><body/></opml>'],
  ])('says %s is not a feed', (_label, text) => {
    expect(failure(() => parseFeed(utf8(text), null, 'https://x.example/')).code).toBe('not_a_feed');
  });

  it('says a feed cut before its first whole item is damaged', () => {
    const error = failure(() => parseFeed(fixture('broken.xml'), 'application/rss+xml', 'https://broken.example/feed'));
    expect(error.code).toBe('malformed');
    expect(error.message).toBe('This feed is damaged and cannot be read.');
  });

  it('says a JSON Feed cut short is damaged', () => {
    const body = utf8('{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[{"id":"1"');
    expect(failure(() => parseFeed(body, null, 'https://x.example/feed.json')).code).toBe('malformed');
  });

  it('reads the whole items of a feed cut in the middle of one', () => {
    const text = new TextDecoder().decode(fixture('rss2.xml'));
    const cut = text.slice(0, text.indexOf('<title>Sobre nós') + 10);
    const feed = parseFeed(utf8(cut), null, 'https://obras.example/blog/feed.xml');
    expect(feed.items.map((item) => item.title)).toEqual([
      'Telhado novo na Rua das Flores',
      'Orçamento grátis em maio',
    ]);
  });
});

describe('toIsoDate', () => {
  it.each<[string | undefined, string | null]>([
    ['Tue, 14 May 2024 09:30:00 -0300', '2024-05-14T12:30:00.000Z'],
    ['Tue, 14 May 2024 09:30:00 GMT', '2024-05-14T09:30:00.000Z'],
    ['14 May 24 09:30 EST', '2024-05-14T14:30:00.000Z'],
    ['Tue, 14 May 2024 09:30:00 CEST', '2024-05-14T07:30:00.000Z'],
    ['Tue, 14 May 2024 09:30:00', '2024-05-14T09:30:00.000Z'],
    ['2024-05-14T09:30:00+02:00', '2024-05-14T07:30:00.000Z'],
    ['2024-05-14T09:30:00+0530', '2024-05-14T04:00:00.000Z'],
    ['2024-05-14 09:30:00', '2024-05-14T09:30:00.000Z'],
    ['2024-05-14', '2024-05-14T00:00:00.000Z'],
    ['Ter, 14 Mai 2024 09:30:00 +0000', null],
    ['Item 5', null],
    ['soon', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (raw, iso) => {
    expect(toIsoDate(raw)).toBe(iso);
  });
});

describe('rootElementOf', () => {
  it.each<[string, string | null]>([
    ['<?xml version="1.0"?>\n<!-- a comment -->\n<rss version="2.0">', 'rss'],
    ['\uFEFF<feed xmlns="http://www.w3.org/2005/Atom">', 'feed'],
    ['<rdf:RDF xmlns:rdf="…">', 'rdf'],
    ['<!DOCTYPE html>\n<HTML lang="en">', 'html'],
    ['<!DOCTYPE rss [<!ENTITY a "b">]><rss>', 'rss'],
    ['  {"version": "x"}', 'json'],
    ['Warning: include() failed\n<rss>', null],
  ])('%j → %j', (text, root) => {
    expect(rootElementOf(text)).toBe(root);
  });
});
