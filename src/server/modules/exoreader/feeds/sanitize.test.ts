import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFeed } from './parse-feed.ts';
import { sanitizeHtml, textOf } from './sanitize.ts';

const BASE = 'https://blog.example/posts/1';
const clean = (html: string): string => sanitizeHtml(html, BASE);
const LINK = 'rel="noopener noreferrer nofollow" target="_blank"';
const IMG = 'loading="lazy" referrerpolicy="no-referrer"';

describe('sanitizeHtml removes', () => {
  it.each([
    ['scripts with their code', '<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['styles with their rules', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['event handlers', '<p onclick="x()" onmouseover="y()">a</p>', '<p>a</p>'],
    [
      'style attributes, so nothing lays itself over the app',
      '<div style="position:fixed;inset:0">win</div>',
      '<div>win</div>',
    ],
    ['class and id', '<p class="promo" id="main">a</p>', '<p>a</p>'],
    ['iframes with their fallback', '<iframe src="https://evil.example/">no frames</iframe>', ''],
    ['objects and embeds', '<object data="x.swf">flash</object><embed src="x.swf">', ''],
    [
      'forms and inputs, keeping labels',
      '<form action="/x"><label>Name</label><input name="n"><button>Go</button></form>',
      'Name',
    ],
    ['svg, which can carry scripts', '<svg onload="alert(1)"><script>alert(2)</script><text>t</text></svg>', ''],
    [
      'meta refresh, base and stylesheet links',
      '<meta http-equiv="refresh" content="0;url=x"><base href="https://evil.example/"><link rel="stylesheet" href="x.css">',
      '',
    ],
    ['comments', '<p>a<!-- <script>x</script> --></p>', '<p>a</p>'],
  ])('%s', (_label, html, expected) => {
    expect(clean(html)).toBe(expected);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in mixed case with an entity', 'JaVaScRiPt&#x3A;alert(1)'],
    ['javascript: split by a tab', 'java&#x09;script:alert(1)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD4='],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
  ])('%s link targets, keeping the text', (_label, href) => {
    expect(clean(`<a href="${href}">text</a>`)).toBe('<a>text</a>');
  });

  it('images that are not http(s), and srcset', () => {
    expect(clean('<img src="data:image/png;base64,AAAA"><img src="javascript:x"><img alt="none">')).toBe('');
    expect(clean('<img src="https://cdn.example/a.jpg" srcset="https://tracker.example/b.jpg 2x" sizes="100vw">')).toBe(
      `<img src="https://cdn.example/a.jpg" ${IMG} />`,
    );
  });
});

describe('sanitizeHtml keeps', () => {
  it('text markup as it is', () => {
    const html =
      '<h1>T</h1><h2>S</h2><h6>s</h6><p>a<br />b <em>c</em> <strong>d</strong> <b>e</b> <i>f</i></p>' +
      '<ul><li>1</li></ul><ol start="3"><li>3</li></ol><blockquote>q</blockquote><pre><code>x &lt; y</code></pre>';
    expect(clean(html)).toBe(html);
  });

  it('tables and figures', () => {
    const html =
      '<table><caption>c</caption><thead><tr><th scope="col">h</th></tr></thead>' +
      '<tbody><tr><td colspan="2">d</td></tr></tbody></table>' +
      `<figure><img src="https://cdn.example/a.jpg" alt="A" ${IMG} /><figcaption>cap</figcaption></figure>`;
    expect(clean(html)).toBe(html);
  });

  it('links, made absolute and opening outside the app without telling where from', () => {
    expect(clean('<a href="../about" title="About" target="_self" rel="opener">about</a>')).toBe(
      `<a title="About" href="https://blog.example/about" ${LINK}>about</a>`,
    );
    expect(clean('<a href="mailto:ana@example.com">mail</a>')).toBe(
      `<a href="mailto:ana@example.com" ${LINK}>mail</a>`,
    );
    expect(clean('<a href="http://plain.example/">http</a>')).toBe(`<a href="http://plain.example/" ${LINK}>http</a>`);
  });

  it('images on their origin, made absolute, lazy and without a referrer', () => {
    expect(clean('<img src="/i/a.png" alt="A" width="120" height="80px" onerror="x()" style="width:100vw">')).toBe(
      `<img src="https://blog.example/i/a.png" alt="A" width="120" ${IMG} />`,
    );
  });

  it('relative links out when the base is unreadable', () => {
    expect(sanitizeHtml('<a href="/x">x</a><img src="/y.png"><a href="https://ok.example/">ok</a>', 'not a url')).toBe(
      `<a>x</a><a href="https://ok.example/" ${LINK}>ok</a>`,
    );
  });
});

describe('the hostile feed', () => {
  const { title, websiteUrl, items } = parseFeed(
    readFileSync(new URL('../../../../../test/fixtures/feeds/hostile.xml', import.meta.url)),
    'application/rss+xml',
    'https://hostile.example/feed',
  );
  const content = items[0]?.content ?? '';

  it('leaves nothing that runs, loads a frame or overlays the page', () => {
    expect(title).toBe('Totally Safe Feed');
    expect(items[0]?.title).toBe('Free prize');
    expect(websiteUrl).toBeNull();
    expect(items[0]?.url).toBeNull();
    for (const bad of [
      '<script',
      'javascript',
      'data:',
      'onerror',
      'onload',
      'onclick',
      'style',
      'iframe',
      'object',
      'embed',
      'form',
      'input',
      'svg',
      'meta',
      'base',
      'srcset',
      'tracker',
      'evil',
      'class=',
      'id=',
    ]) {
      expect(content).not.toContain(bad);
    }
  });

  it('keeps its text, its real link and its real image', () => {
    expect(textOf(content)).toBe(
      'Read this, that and the other. Click anywhere to win Plain text survives, and so does a real link.',
    );
    expect(content).toContain(`<a href="https://good.example/page" ${LINK}>a real link</a>`);
    expect(content).toContain(`<img src="https://cdn.example/pic.jpg" ${IMG} />`);
  });

  it('keeps only its enclosure at an http(s) address, without a type or size it cannot vouch for', () => {
    expect(items[0]?.enclosures).toEqual([{ url: 'https://cdn.example/episode.mp3', type: null, length: null }]);
  });
});

describe('textOf', () => {
  it.each([
    ['<p>One</p><p>Two</p>', 'One Two'],
    ['Tom &amp; Jerry&nbsp;&copy; &#233;', 'Tom & Jerry © é'],
    ['  a\n\n\t b  ', 'a b'],
    ['<b>bold</b><script>alert(1)</script><style>p{}</style> after', 'bold after'],
    ['line<br>break', 'line break'],
    ['1 < 2', '1 < 2'],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(textOf(html)).toBe(text);
  });
});
