// Feed content is someone else's HTML shown inside the app. Keep its text and plain markup; drop
// whatever runs, loads a frame, fills a form or lays itself over the page; make links leave the app.
import { Parser } from 'htmlparser2';
import sanitize from 'sanitize-html';

const TEXT_TAGS = [
  ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var'],
  ...['em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'q', 'cite', 'abbr', 'time'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'figure', 'figcaption'],
  ...['a', 'img'],
];

// Elements whose text means nothing without them (code, a frame's fallback, a form's choices):
// dropped with what they hold. Any other unknown element is dropped but keeps its text.
const DROPPED_WITH_TEXT = [
  ...['script', 'style', 'noscript', 'template', 'xmp', 'title'],
  ...['iframe', 'frame', 'object', 'embed', 'applet', 'svg', 'math'],
  ...['textarea', 'select', 'option', 'button'],
];

const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'];
const IMAGE_PROTOCOLS = ['http:', 'https:'];
const LINK_REL = 'noopener noreferrer nofollow';
const SIZE = /^\d{1,5}%?$/;

function parseBase(baseUrl: string): URL | null {
  try {
    return new URL(baseUrl);
  } catch {
    return null;
  }
}

/** `url` made absolute against `base`, or null when it is unreadable or of a protocol not allowed. */
function absolute(url: string | undefined, base: URL | null, protocols: string[]): string | null {
  if (!url?.trim()) return null;
  try {
    const resolved = base ? new URL(url.trim(), base) : new URL(url.trim());
    return protocols.includes(resolved.protocol) ? resolved.href : null;
  } catch {
    return null;
  }
}

function copy(attribs: sanitize.Attributes, names: string[], valid?: RegExp): sanitize.Attributes {
  const kept: sanitize.Attributes = {};
  for (const name of names) {
    const value = attribs[name];
    if (value !== undefined && (!valid || valid.test(value.trim()))) kept[name] = value.trim();
  }
  return kept;
}

function optionsFor(base: URL | null): sanitize.IOptions {
  return {
    allowedTags: TEXT_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'referrerpolicy'],
      ol: ['start', 'reversed'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      abbr: ['title'],
      time: ['datetime'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    nonTextTags: DROPPED_WITH_TEXT,
    disallowedTagsMode: 'discard',
    transformTags: {
      // The app's own address must never be the base of a feed's link: it is made absolute here,
      // and the protocol checked after browsers' URL clean-up (tabs, entities, case) has run.
      a: (tagName, attribs) => {
        const href = absolute(attribs.href, base, LINK_PROTOCOLS);
        const title = copy(attribs, ['title']);
        return { tagName, attribs: href ? { ...title, href, rel: LINK_REL, target: '_blank' } : title };
      },
      // Images stay on their origin: no copy is made, so they load from there, lazily and
      // without telling that origin which page of the app shows them.
      img: (tagName, attribs) => {
        const src = absolute(attribs.src, base, IMAGE_PROTOCOLS);
        if (!src) return { tagName, attribs: {} };
        return {
          tagName,
          attribs: {
            src,
            ...copy(attribs, ['alt', 'title']),
            ...copy(attribs, ['width', 'height'], SIZE),
            loading: 'lazy',
            referrerpolicy: 'no-referrer',
          },
        };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/** Feed HTML made safe to show: links absolute against `baseUrl` and opening outside the app. */
export function sanitizeHtml(html: string, baseUrl: string): string {
  return sanitize(html, optionsFor(parseBase(baseUrl))).trim();
}

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'title', 'head', 'svg', 'math', 'iframe']);
// Without a space where a block ends, "<p>One</p><p>Two</p>" would read "OneTwo".
const BLOCKS = new Set([
  ...['p', 'br', 'hr', 'div', 'li', 'dt', 'dd', 'blockquote', 'pre', 'figure', 'figcaption', 'section', 'article'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'table', 'caption', 'tr', 'td', 'th', 'img'],
]);

/** The text a person reads in `html`: entities decoded, tags gone, whitespace collapsed. */
export function textOf(html: string): string {
  let text = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping += 1;
        else if (BLOCKS.has(name)) text += ' ';
      },
      ontext(data) {
        if (skipping === 0) text += data;
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCKS.has(name)) text += ' ';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, ' ').trim();
}
