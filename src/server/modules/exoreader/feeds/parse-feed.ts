// Reads a fetched feed (RSS 2.0, RSS 1.0/RDF, Atom, JSON Feed) into the few fields the reader
// keeps. Real feeds lie about their encoding, use relative links and repeat or omit guids: each
// is settled here, once, so the fetcher stores items that are complete, absolute and safe to show.
import { createHash } from 'node:crypto';
import {
  type AtomFeed,
  DetectError,
  type JsonFeed,
  parseFeed as parseAnyFeed,
  type RdfFeed,
  type RssFeed,
} from 'feedsmith';
import { sanitizeHtml, textOf } from './sanitize.ts';

/** A file the item carries (a podcast's audio, a training video), as the feed describes it. */
export interface Enclosure {
  /** An absolute http(s) address. */
  url: string;
  /** Its media type as the feed gives it (`audio/mpeg`), or null. */
  type: string | null;
  /** Its size in bytes as the feed gives it, or null when absent or not a count. */
  length: number | null;
}

/** An item carries at most this many files: a feed listing hundreds is not a podcast. */
const MAX_ENCLOSURES = 10;

export interface ParsedItem {
  guid: string;
  url: string | null;
  title: string;
  /** Sanitised HTML when `contentType` is 'html' (links absolute), plain text when 'text'. */
  content: string | null;
  contentType: 'html' | 'text' | null;
  /** Plain text of the feed's own summary, when it gives one beside the full content. */
  summary: string | null;
  /** ISO 8601, or null when the feed gives no readable date; never later than the fetch. */
  publishedAt: string | null;
  enclosures: Enclosure[];
}

export interface ParsedFeed {
  title: string;
  websiteUrl: string | null;
  items: ParsedItem[];
}

export type FeedErrorCode =
  | 'not_a_feed'
  | 'malformed'
  | 'private_address'
  | 'unknown_host'
  | 'http_error'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'network';

/** A failure the person who subscribed can act on: `message` is written for them. */
export class FeedError extends Error {
  readonly code: FeedErrorCode;
  /** When the feed's server asked to be left alone for a while (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | null;
  constructor(code: FeedErrorCode, message: string, options?: ErrorOptions & { retryAfterMs?: number | null }) {
    super(message, options);
    this.name = 'FeedError';
    this.code = code;
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }
}

// ---------------------------------------------------------------------------------------------
// Bytes to text

const WINDOWS_1252 = new TextDecoder('windows-1252');
const UTF8 = new TextDecoder('utf-8');

/** Length of the well-formed UTF-8 sequence starting at `i` (Unicode table 3-7), 0 when there is none. */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const first = bytes[i] ?? 0;
  if (first < 0x80) return 1;
  let trailing: number;
  let low = 0x80;
  let high = 0xbf;
  if (first >= 0xc2 && first <= 0xdf) trailing = 1;
  else if (first >= 0xe0 && first <= 0xef) {
    trailing = 2;
    if (first === 0xe0) low = 0xa0;
    if (first === 0xed) high = 0x9f;
  } else if (first >= 0xf0 && first <= 0xf4) {
    trailing = 3;
    if (first === 0xf0) low = 0x90;
    if (first === 0xf4) high = 0x8f;
  } else return 0;
  for (let k = 1; k <= trailing; k++) {
    const byte = bytes[i + k];
    if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return 0;
  }
  return trailing + 1;
}

/** Whether `bytes` are entirely well-formed UTF-8, and whether any of them is not ASCII. */
function utf8Shape(bytes: Uint8Array): { valid: boolean; ascii: boolean } {
  let ascii = true;
  for (let i = 0; i < bytes.length;) {
    const length = utf8SequenceAt(bytes, i);
    if (length === 0) return { valid: false, ascii: false };
    if (length > 1) ascii = false;
    i += length;
  }
  return { valid: true, ascii };
}

/**
 * UTF-8, with each byte that is not part of a well-formed sequence read as Windows-1252. A
 * Windows-1252 file comes out exactly as Windows-1252 (its accented letters are never valid
 * UTF-8 in practice), and a UTF-8 file with a few pasted Latin-1 bytes keeps both readable.
 */
function decodeUtf8OrWindows1252(bytes: Uint8Array): string {
  let text = '';
  let runStart = 0;
  for (let i = 0; i < bytes.length;) {
    const length = utf8SequenceAt(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    text += UTF8.decode(bytes.subarray(runStart, i)) + WINDOWS_1252.decode(bytes.subarray(i, i + 1));
    i += 1;
    runStart = i;
  }
  return text + UTF8.decode(bytes.subarray(runStart));
}

/** The encoding the document names for itself: its XML declaration, or an HTML page's meta charset. */
function declaredInDocument(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const prolog = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (prolog) return prolog[1] ?? null;
  if (rootElementOf(head) !== 'html') return null;
  return /<meta\s[^>]*?charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

function declaredInContentType(contentType: string | null): string | null {
  return /;\s*charset\s*=\s*["']?([^;"'\s]+)/i.exec(contentType ?? '')?.[1] ?? null;
}

function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

/**
 * A fetched body as text. The document's own declaration wins over the server's Content-Type
 * (servers add a default charset of their configuration, the file was written with its own);
 * then the bytes have the last word: valid UTF-8 with non-ASCII letters is UTF-8 whatever it
 * claims, and bytes that are not UTF-8 are not read as UTF-8 however they are labelled.
 */
export function decodeBody(body: Uint8Array, contentType: string | null): string {
  const [b0, b1, b2] = body;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return decodeUtf8OrWindows1252(body.subarray(3));
  if (b0 === 0xff && b1 === 0xfe) return new TextDecoder('utf-16le').decode(body);
  if (b0 === 0xfe && b1 === 0xff) return new TextDecoder('utf-16be').decode(body);
  // UTF-16 without a byte order mark: '<' and a zero byte, in one order or the other.
  if (b0 === 0x3c && b1 === 0x00) return new TextDecoder('utf-16le').decode(body);
  if (b0 === 0x00 && b1 === 0x3c) return new TextDecoder('utf-16be').decode(body);

  const declared = (declaredInDocument(body) ?? declaredInContentType(contentType))?.toLowerCase() ?? null;
  const decoder = declared ? decoderFor(declared) : null;
  // A declared UTF-16 read as ASCII above is not UTF-16: the declaration is wrong, not the bytes.
  if (!decoder || decoder.encoding === 'utf-8' || decoder.encoding.startsWith('utf-16')) {
    return decodeUtf8OrWindows1252(body);
  }
  const shape = utf8Shape(body);
  if (shape.valid && !shape.ascii) return UTF8.decode(body);
  return decoder.decode(body);
}

// ---------------------------------------------------------------------------------------------
// What the text is

/** The name of the document's first element (prefix dropped, lower case), 'json' for an object, or null. */
export function rootElementOf(text: string): string | null {
  const start = text
    .replace(/^\uFEFF/, '')
    .replace(/^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*/i, '');
  if (start.startsWith('{')) return 'json';
  const name = /^<([A-Za-z_][\w.:-]*)/.exec(start)?.[1];
  return name ? (name.split(':').pop() ?? name).toLowerCase() : null;
}

const FEED_ROOTS = new Set(['rss', 'feed', 'rdf']);

// Feedsmith reads what is left of a cut feed when the cut falls between items; a feed cut
// inside an item (a download stopped short) is read up to the last item it has whole.
function withoutCutItem(text: string): string | null {
  const ends = [...text.matchAll(/<\/(?:[\w-]+:)?(?:item|entry)\s*>/gi)];
  const last = ends.at(-1);
  return last?.index === undefined ? null : text.slice(0, last.index + last[0].length);
}

function readAnyFeed(text: string) {
  const root = rootElementOf(text);
  if (root === 'html') throw new FeedError('not_a_feed', 'This address is a web page, not a feed.');
  if (root === 'opml') {
    throw new FeedError('not_a_feed', 'This is a list of feeds (OPML), not a feed: import it instead.');
  }
  try {
    return parseAnyFeed(text);
  } catch (error) {
    const looksLikeFeed = (root !== null && FEED_ROOTS.has(root)) || /jsonfeed\.org\/version\//.test(text);
    if (error instanceof DetectError && !looksLikeFeed) {
      throw new FeedError('not_a_feed', 'This address does not give a feed (RSS, Atom or JSON Feed).', {
        cause: error,
      });
    }
    const repaired = root === 'json' ? null : withoutCutItem(text);
    if (repaired) {
      try {
        return parseAnyFeed(repaired);
      } catch {
        // Reported below as the original failure.
      }
    }
    throw new FeedError('malformed', 'This feed is damaged and cannot be read.', { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// Fields

// Zones that JavaScript's Date does not know by name but feeds write (RFC 822 allows only US ones).
const ZONES: Record<string, string> = {
  CET: '+0100',
  CEST: '+0200',
  BST: '+0100',
  EET: '+0200',
  EEST: '+0300',
  WET: '+0000',
  WEST: '+0100',
  MSK: '+0300',
  IST: '+0530',
  JST: '+0900',
  KST: '+0900',
  AEST: '+1000',
  AEDT: '+1100',
  NZST: '+1200',
  NZDT: '+1300',
  BRT: '-0300',
  ART: '-0300',
  HST: '-1000',
  AKST: '-0900',
  AKDT: '-0800',
};
const KNOWN_ZONE = /(?:\s|\d)(?:Z|UTC?|GMT|[ECMP][SD]T|[+-]\d{2}:?\d{2})$/i;

/**
 * An RFC 822 or ISO 8601 date as ISO 8601 UTC. A date without a zone is read as UTC, not in
 * the server's zone, so two servers agree; anything unreadable is null rather than a guess.
 */
export function toIsoDate(raw: string | undefined): string | null {
  let text = raw?.trim().replace(/\s+/g, ' ') ?? '';
  // Date.parse reads "Item 5" as a day of 2001: a date needs a year written out.
  if (!/\d{4}|\b\d{1,2} [A-Za-z]{3,} \d{2}\b/.test(text)) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?) ?(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(text);
  if (iso) {
    const zone = iso[3]?.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2').replace(/^([+-]\d{2})$/, '$1:00') ?? 'Z';
    text = `${iso[1]}T${iso[2]?.replace(',', '.')}${zone}`;
  } else if (!/^\d{4}(-\d{2}(-\d{2})?)?$/.test(text) && !KNOWN_ZONE.test(text)) {
    const named = / ((?!AM$|PM$)[A-Za-z]{2,5})$/i.exec(text);
    const offset = named ? ZONES[named[1]?.toUpperCase() ?? ''] : undefined;
    // An unknown zone name is dropped: a few hours off is better than no date at all.
    text = `${named ? text.slice(0, named.index) : text} ${offset ?? 'GMT'}`;
  }
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? date.toISOString() : null;
}

function resolveUrl(url: string | undefined, base: string): string | null {
  if (!url?.trim()) return null;
  try {
    return new URL(url.trim(), base).href;
  } catch {
    return null;
  }
}

/** An absolute http(s) address a person can open, or null. */
function webUrl(url: string | undefined, base: string): string | null {
  const resolved = resolveUrl(url, base);
  return resolved && /^https?:/.test(resolved) ? resolved : null;
}

/**
 * A guid that is the item's page: RSS says a guid is a permalink unless `isPermaLink="false"`,
 * but feeds leave the attribute out on ids like "cp-2", which resolved against the feed would
 * invent a page that does not exist. So an explicit `isPermaLink="true"` is believed (and
 * resolved), and otherwise only an absolute http(s) address is taken as one.
 */
function permalinkOf(guid: RssFeed.Guid | undefined, base: string): string | null {
  if (!guid?.value || guid.isPermaLink === false) return null;
  if (guid.isPermaLink === true) return webUrl(guid.value, base);
  return /^\s*https?:\/\//i.test(guid.value) ? webUrl(guid.value, base) : null;
}

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** The enclosures worth keeping: http(s) addresses only (no `javascript:` or `data:`), each once. */
function enclosuresOf(
  candidates: readonly { url?: string | undefined; type?: string | undefined; length?: unknown }[],
  base: string,
): Enclosure[] {
  const kept = new Map<string, Enclosure>();
  for (const candidate of candidates) {
    const url = webUrl(candidate.url, base);
    if (!url || kept.has(url) || kept.size >= MAX_ENCLOSURES) continue;
    const type = candidate.type?.trim().toLowerCase() ?? '';
    const length = Number(candidate.length);
    kept.set(url, {
      url,
      type: MEDIA_TYPE.test(type) ? type : null,
      // Many podcasts write length="0" for "unknown": a size of nothing is no size.
      length: Number.isSafeInteger(length) && length > 0 ? length : null,
    });
  }
  return [...kept.values()];
}

/** `xml:base` applies to its element and everything inside, relative to the base around it. */
function withBase(xmlBase: string | undefined, base: string): string {
  return resolveUrl(xmlBase, base) ?? base;
}

function collapse(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

// RSS titles are HTML in practice ("Tom &amp;amp; Jerry", "<b>News</b>"), as are Atom's when
// they say so; an Atom text title is shown as written, so "a <b> tag" keeps its "<b>".
function titleOf(text: string | undefined, type: 'html' | 'text'): string {
  return type === 'html' ? textOf(text ?? '') : collapse(text);
}

type Body = { value: string; type: 'html' | 'text' };

function htmlBody(value: string | undefined): Body | null {
  return value?.trim() ? { value, type: 'html' } : null;
}

function textBody(value: string | undefined): Body | null {
  return value?.trim() ? { value, type: 'text' } : null;
}

/** An Atom text construct or content: html and xhtml are markup, text and text/* are text. */
function atomBody(value: string | undefined, type: string | undefined): Body | null {
  const kind = (type ?? 'text').toLowerCase();
  if (kind === 'html' || kind === 'xhtml' || kind === 'text/html' || kind.endsWith('+xml')) return htmlBody(value);
  if (kind === 'text' || kind.startsWith('text/')) return textBody(value);
  return null; // Base64 media: nothing to read.
}

interface Draft {
  guid: string | null;
  url: string | null;
  title: string;
  full: Body | null;
  short: Body | null;
  publishedAt: string | null;
  enclosures: Enclosure[];
  /** Where relative links in the content point from. */
  contentBase: string;
}

function itemOf(draft: Draft): ParsedItem | null {
  const body = draft.full ?? draft.short;
  let content: string | null = null;
  if (body?.type === 'html') content = sanitizeHtml(body.value, draft.contentBase) || null;
  if (body?.type === 'text') content = body.value.trim() || null;
  const short = draft.full ? draft.short : null;
  const summary = short ? (short.type === 'html' ? textOf(short.value) : collapse(short.value)) || null : null;
  const guid = draft.guid?.trim() || draft.url || derivedGuid(draft, content);
  if (!guid) return null;
  return {
    guid,
    url: draft.url,
    title: draft.title,
    content,
    contentType: content === null ? null : (body?.type ?? null),
    summary,
    publishedAt: draft.publishedAt,
    enclosures: draft.enclosures,
  };
}

// An item with neither guid nor link is known by what it says: the same title and date next
// time is the same item. One with no title nor date either is known by its content.
function derivedGuid(draft: Draft, content: string | null): string | null {
  if (draft.title || draft.publishedAt) return `${draft.title}\n${draft.publishedAt ?? ''}`;
  if (content) return `sha256:${createHash('sha256').update(content).digest('hex')}`;
  return null;
}

function firstDate(...candidates: (string | undefined)[]): string | null {
  for (const candidate of candidates) {
    const date = toIsoDate(candidate);
    if (date) return date;
  }
  return null;
}

/**
 * Where relative addresses point from: the feed's address, or its `xml:base`. Content without
 * any `xml:base` resolves against its item's page instead, where its author wrote "images/a.png".
 */
interface Bases {
  feed: string;
  explicit: boolean;
}

function contentBaseOf(bases: Bases, itemBase: string, ownBase: string | undefined, url: string | null): string {
  return bases.explicit || ownBase ? itemBase : (url ?? itemBase);
}

function rssDraft(item: RssFeed.Item<string>, bases: Bases): Draft {
  const base = withBase(item.xml?.base, bases.feed);
  const guid = item.guid?.value;
  const atomLink = item.atom?.links?.find((link) => !link.rel || link.rel === 'alternate')?.href;
  const url = webUrl(item.link, base) ?? webUrl(atomLink, base) ?? permalinkOf(item.guid, base);
  return {
    guid: guid ?? null,
    url,
    title: titleOf(item.title, 'html'),
    full: htmlBody(item.content?.encoded),
    short: htmlBody(item.description),
    publishedAt: firstDate(item.pubDate, ...(item.dc?.dates ?? []), item.atom?.published, item.atom?.updated),
    enclosures: enclosuresOf(item.enclosures ?? [], base),
    contentBase: contentBaseOf(bases, base, item.xml?.base, url),
  };
}

function rdfDraft(item: RdfFeed.Item<string>, bases: Bases): Draft {
  const base = withBase(item.xml?.base, bases.feed);
  const url = webUrl(item.link, base) ?? webUrl(item.rdf?.about, base);
  return {
    guid: item.rdf?.about ?? null,
    url,
    title: titleOf(item.title, 'html'),
    full: htmlBody(item.content?.encoded),
    short: htmlBody(item.description),
    publishedAt: firstDate(
      ...(item.dc?.dates ?? []),
      ...(item.dcterms?.issued ?? []),
      ...(item.dcterms?.modified ?? []),
    ),
    enclosures: [],
    contentBase: contentBaseOf(bases, base, item.xml?.base, url),
  };
}

function alternateLink(links: AtomFeed.Link<string>[] | undefined, base: string): string | null {
  const alternates = (links ?? []).filter((link) => !link.rel || link.rel === 'alternate');
  const page = alternates.find((link) => !link.type || /html/i.test(link.type)) ?? alternates[0];
  return webUrl(page?.href, base);
}

function atomTitle(title: AtomFeed.Text | undefined): string {
  const type = title?.type?.toLowerCase() ?? 'text';
  return titleOf(title?.value, type === 'html' || type === 'xhtml' ? 'html' : 'text');
}

function atomDraft(entry: AtomFeed.Entry<string>, bases: Bases): Draft {
  const base = withBase(entry.xml?.base, bases.feed);
  const url = alternateLink(entry.links, base);
  const ownBase = entry.xml?.base ?? entry.content?.xml?.base;
  return {
    guid: entry.id ?? null,
    url,
    title: atomTitle(entry.title),
    full: entry.content?.src ? null : atomBody(entry.content?.value, entry.content?.type),
    short: atomBody(entry.summary?.value, entry.summary?.type),
    publishedAt: firstDate(entry.published, entry.updated, ...(entry.dc?.dates ?? [])),
    enclosures: enclosuresOf(
      (entry.links ?? []).filter((link) => link.rel === 'enclosure').map((link) => ({ ...link, url: link.href })),
      base,
    ),
    contentBase: contentBaseOf(bases, withBase(entry.content?.xml?.base, base), ownBase, url),
  };
}

function jsonDraft(item: JsonFeed.Item<string>, feedUrl: string): Draft {
  const url = webUrl(item.url, feedUrl) ?? webUrl(item.external_url, feedUrl);
  return {
    guid: item.id ?? null,
    url,
    title: collapse(item.title),
    full: htmlBody(item.content_html) ?? textBody(item.content_text),
    short: textBody(item.summary),
    publishedAt: firstDate(item.date_published, item.date_modified),
    enclosures: enclosuresOf(
      (item.attachments ?? []).map((a) => ({ url: a.url, type: a.mime_type, length: a.size_in_bytes })),
      feedUrl,
    ),
    contentBase: url ?? feedUrl,
  };
}

function readDrafts(text: string, feedUrl: string): { title: string; websiteUrl: string | null; drafts: Draft[] } {
  const { format, feed } = readAnyFeed(text);
  const bases: Bases = {
    feed: format === 'json' ? feedUrl : withBase(feed.xml?.base, feedUrl),
    explicit: format !== 'json' && Boolean(feed.xml?.base?.trim()),
  };
  switch (format) {
    case 'rss':
      return {
        title: titleOf(feed.title, 'html'),
        websiteUrl: webUrl(feed.link, bases.feed) ?? alternateLink(feed.atom?.links, bases.feed),
        drafts: (feed.items ?? []).map((item) => rssDraft(item, bases)),
      };
    case 'rdf':
      return {
        title: titleOf(feed.title, 'html'),
        websiteUrl: webUrl(feed.link, bases.feed),
        drafts: (feed.items ?? []).map((item) => rdfDraft(item, bases)),
      };
    case 'atom':
      return {
        title: atomTitle(feed.title),
        websiteUrl: alternateLink(feed.links, bases.feed),
        drafts: (feed.entries ?? []).map((entry) => atomDraft(entry, bases)),
      };
    case 'json':
      return {
        title: collapse(feed.title),
        websiteUrl: webUrl(feed.home_page_url, feedUrl),
        drafts: (feed.items ?? []).map((item) => jsonDraft(item, feedUrl)),
      };
  }
}

/**
 * A fetched feed as the reader keeps it. `feedUrl` is where it was fetched from (after
 * redirects): relative links resolve against it. A date later than `fetchedAt` becomes
 * `fetchedAt`: an item dated years ahead (a typo, a wrong clock) would otherwise stay on top of
 * every list until that year. Throws a FeedError when the body is not a feed or is too damaged to read.
 */
export function parseFeed(
  body: Uint8Array,
  contentType: string | null,
  feedUrl: string,
  fetchedAt: Date = new Date(),
): ParsedFeed {
  const now = fetchedAt.toISOString();
  const { title, websiteUrl, drafts } = readDrafts(decodeBody(body, contentType), feedUrl);
  const items: ParsedItem[] = [];
  const seen = new Set<string>();
  for (const draft of drafts) {
    const item = itemOf(draft);
    // A guid twice in one feed is one item listed twice (a feed joined from pages, an edit):
    // the first is the one the feed puts forward.
    if (!item || seen.has(item.guid)) continue;
    seen.add(item.guid);
    // Clamped after the guid is settled: a guid derived from the date must not change with each fetch.
    items.push(item.publishedAt && item.publishedAt > now ? { ...item, publishedAt: now } : item);
  }
  return { title: title || hostOf(websiteUrl ?? feedUrl), websiteUrl, items };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
