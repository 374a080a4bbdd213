// OPML, the address book of feed readers: what people bring from the reader they leave and take
// to the next one. Folders become labels (a feed in two folders gets both), nested folders are
// read at any depth, and a feed listed twice is one subscription. An entry giving only its
// website (no feed address) is subscribed by that address, as a person typing it would be: the
// fetcher finds the site's feed. One giving neither is left out, by name, so the person knows.
import { generateOpml, parseOpml } from 'feedsmith';
import { FeedError } from './parse-feed.ts';

/** A subscription as OPML carries it. */
export interface OpmlSubscription {
  /** The feed's address, or the website's when the entry gives no feed (its feed is found at the first fetch). */
  url: string;
  title: string;
  websiteUrl: string | null;
  labels: string[];
}

/** What an OPML file holds: its subscriptions, and the names of the entries that give no address to read. */
export interface OpmlReading {
  subscriptions: OpmlSubscription[];
  skipped: string[];
}

type Outline = {
  text?: string;
  title?: string;
  type?: string;
  xmlUrl?: string;
  htmlUrl?: string;
  url?: string;
  outlines?: Outline[];
};

const clean = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function absolute(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** An outline that stands for an address (a feed, a site, a link), not a folder, empty or not. */
const isEntry = (outline: Outline) =>
  !outline.outlines?.length && Boolean(outline.xmlUrl || outline.htmlUrl || outline.url || outline.type);

/** The subscriptions of an OPML file, in its order; folders as labels. */
export function readOpml(text: string): OpmlReading {
  let document: { body?: { outlines?: Outline[] } };
  try {
    document = parseOpml(text) as typeof document;
  } catch (error) {
    throw new FeedError('malformed', 'This file is not OPML (the list of feeds readers export).', { cause: error });
  }
  const found = new Map<string, OpmlSubscription>();
  const skipped: string[] = [];
  const walk = (outlines: readonly Outline[], folders: readonly string[]) => {
    for (const outline of outlines) {
      const name = clean(outline.title) || clean(outline.text);
      const website = absolute(outline.htmlUrl);
      const url = absolute(outline.xmlUrl) ?? (isEntry(outline) ? website : null);
      if (!url && isEntry(outline)) skipped.push(name || clean(outline.xmlUrl ?? outline.url) || '?');
      if (url) {
        const known = found.get(url);
        if (known) known.labels = [...new Set([...known.labels, ...folders])];
        else found.set(url, { url, title: name, websiteUrl: website, labels: [...folders] });
      }
      if (outline.outlines?.length) walk(outline.outlines, name && !url ? [...folders, name] : folders);
    }
  };
  walk(document.body?.outlines ?? [], []);
  return { subscriptions: [...found.values()], skipped };
}

/** An OPML 2.0 file of `subscriptions`: one folder per label (a feed with two labels in both). */
export function writeOpml(title: string, subscriptions: readonly OpmlSubscription[], now = new Date()): string {
  const feed = (s: OpmlSubscription) => ({
    text: s.title || s.url,
    title: s.title || s.url,
    type: 'rss',
    xmlUrl: s.url,
    ...(s.websiteUrl ? { htmlUrl: s.websiteUrl } : {}),
  });
  const labels = [...new Set(subscriptions.flatMap((s) => s.labels))].sort((a, b) => a.localeCompare(b));
  const outlines = [
    ...labels.map((label) => ({
      text: label,
      title: label,
      outlines: subscriptions.filter((s) => s.labels.includes(label)).map(feed),
    })),
    ...subscriptions.filter((s) => s.labels.length === 0).map(feed),
  ];
  return generateOpml({ head: { title, dateCreated: now }, body: { outlines } });
}
