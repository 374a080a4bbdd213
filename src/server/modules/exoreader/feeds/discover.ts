// A person pastes a website's address more often than its feed's: these find the feeds a page
// announces, and tell a feed from a page before parsing it.
import { Parser } from 'htmlparser2';
import { decodeBody, rootElementOf } from './parse-feed.ts';

const FEED_TYPES = new Set([
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
  'application/feed+json',
  'application/json',
]);

function resolveWeb(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The feeds `<link rel="alternate" type="…">` announce in a page, absolute, once each, in the
 * page's order. A `<base href>` before them moves what relative ones point from, as in a browser.
 */
export function discoverFeeds(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  let base = pageUrl;
  let baseSet = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'base' && !baseSet && attribs.href) {
          base = resolveWeb(attribs.href, pageUrl) ?? pageUrl;
          baseSet = true;
          return;
        }
        if (name !== 'link' || !attribs.href) return;
        const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
        const type = (attribs.type ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
        if (!rel.includes('alternate') || !FEED_TYPES.has(type)) return;
        const url = resolveWeb(attribs.href, base);
        if (url && !found.includes(url)) found.push(url);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const FEED_CONTENT_TYPE = /^application\/(?:rss\+xml|atom\+xml|rdf\+xml|feed\+json)\b/i;

/**
 * Whether a fetched body is a feed to parse rather than a page to look for feeds in. The bytes
 * decide first (servers send feeds as text/html and text/plain); the Content-Type only when
 * the start of the body says nothing either way, as when a PHP warning precedes the feed.
 */
export function looksLikeFeed(body: Uint8Array, contentType: string | null): boolean {
  const head = decodeBody(body.subarray(0, 8192), contentType);
  const root = rootElementOf(head);
  if (root === 'rss' || root === 'feed' || root === 'rdf') return true;
  const feedType = FEED_CONTENT_TYPE.test(contentType?.trim() ?? '');
  if (root === 'json') return feedType || /"version"\s*:\s*"https?:\/\/jsonfeed\.org\/version\//.test(head);
  if (root !== null) return false;
  if (feedType) return true;
  return /<(?:[\w-]+:)?(?:rss|feed|RDF)[\s>]/.test(head) && !/<html[\s>]/i.test(head);
}
