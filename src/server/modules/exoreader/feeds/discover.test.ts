import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { discoverFeeds, looksLikeFeed } from './discover.ts';

const fixture = (name: string): Uint8Array =>
  readFileSync(new URL(`../../../../../test/fixtures/feeds/${name}`, import.meta.url));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('discoverFeeds', () => {
  it('finds the feeds a page announces, absolute, once each, in order', () => {
    const html = new TextDecoder().decode(fixture('not-a-feed.html'));
    expect(discoverFeeds(html, 'https://marcenaria.example/sobre/')).toEqual([
      'https://marcenaria.example/feed.xml',
      'https://marcenaria.example/sobre/atom.xml',
      'https://marcenaria.example/feed.json',
    ]);
  });

  it('reads rel and type in any case, with parameters, and application/json', () => {
    const html =
      '<LINK REL="Alternate Feed" TYPE="Application/RSS+XML; charset=utf-8" HREF="/a.rss">' +
      '<link rel="alternate" type="application/json" href="/b.json">' +
      '<link rel="alternate" type="text/html" href="/c.html">' +
      '<link rel="feed" type="application/rss+xml" href="/d.rss">' +
      '<link rel="alternate" type="application/atom+xml">';
    expect(discoverFeeds(html, 'https://x.example/')).toEqual(['https://x.example/a.rss', 'https://x.example/b.json']);
  });

  it('resolves against <base href> when the page has one', () => {
    const html = '<head><base href="/blog/"><link rel="alternate" type="application/atom+xml" href="atom.xml"></head>';
    expect(discoverFeeds(html, 'https://x.example/page')).toEqual(['https://x.example/blog/atom.xml']);
  });

  it('finds nothing on a page without feeds', () => {
    expect(
      discoverFeeds(
        '<html><head><title>x</title></head><body><a href="/feed">feed</a></body></html>',
        'https://x.example/',
      ),
    ).toEqual([]);
  });
});

describe('looksLikeFeed', () => {
  it.each([
    ['RSS 2.0', 'rss2.xml', 'text/xml'],
    ['RSS 1.0', 'rss1-rdf.xml', 'application/rdf+xml'],
    ['Atom served as text/html', 'atom.xml', 'text/html'],
    ['JSON Feed', 'feed.json', 'application/json'],
    ['a feed in Windows-1252', 'win1252-undeclared.xml', null],
    ['a cut feed', 'broken.xml', null],
  ])('knows %s', (_label, name, contentType) => {
    expect(looksLikeFeed(fixture(name), contentType)).toBe(true);
  });

  it.each([
    ['an HTML page, even labelled as RSS', fixture('not-a-feed.html'), 'application/rss+xml'],
    ['JSON that is not a feed', utf8('{"items":[]}'), 'application/json'],
    ['an OPML list', utf8('<?xml version="1.0"?><opml version="2.0"/>'), 'text/x-opml'],
    ['plain text', utf8('Service unavailable'), 'text/plain'],
    ['an empty body', new Uint8Array(), null],
  ])('refuses %s', (_label, body, contentType) => {
    expect(looksLikeFeed(body, contentType)).toBe(false);
  });

  it('decides by Content-Type and content when junk precedes the feed', () => {
    const body = utf8('Warning: session_start() failed\n<?xml version="1.0"?><rss version="2.0"><channel/></rss>');
    expect(looksLikeFeed(body, 'text/html')).toBe(true);
    expect(looksLikeFeed(utf8('Warning: x\n<p>not a feed</p>'), 'application/rss+xml')).toBe(true);
    expect(looksLikeFeed(utf8('Warning: x\n<html><body>rss</body></html>'), 'text/html')).toBe(false);
  });
});
