// A note rendered on the device (spec 001 §7: "Markdown rendering and text note handling are done
// on the client"): markdown-it (the product's Markdown library, raw HTML escaped), then DOMPurify
// over what it made, then each `[[link]]` pointed where it resolves: a note, a customer, equipment
// or a ticket, or a note not written yet (shown as such; following it opens a new note of that
// title). Loaded only by the wiki's pages (about 40 KB gzipped with its libraries).
import { Box } from '@mui/material';
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { type MouseEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Resolved, resolveLink } from '../../../domain/modules/textnotes/links.ts';
import { markLinks } from '../../../domain/modules/textnotes/wiki.ts';
import { specOfKlass } from '../../../domain/records/index.ts';
import type { WikiState } from '../api/use-wiki.ts';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** Where a resolved link goes in the app, or null for a ticket number no ticket has. */
export function linkHref(accountId: string, resolved: Resolved): string | null {
  const base = `/account/${accountId}`;
  switch (resolved.kind) {
    case 'note':
      return `${base}/wiki/${resolved.id}`;
    case 'record': {
      const spec = specOfKlass(resolved.klass);
      return spec ? `${base}/${spec.resource}/${resolved.id}` : null;
    }
    case 'missing-note':
      return `${base}/wiki/new/edit?title=${encodeURIComponent(resolved.title)}`;
    case 'missing-ticket':
      return null;
  }
}

function renderHtml(source: string, contentType: string): { html: string; targets: string[] } {
  const { markdown: marked, links } = markLinks(source);
  if (contentType === 'text') {
    // Plain text: the words as typed, links still links.
    let html = '';
    let at = 0;
    for (const [n, link] of links.entries()) {
      html += `${markdown.utils.escapeHtml(source.slice(at, link.start))}<a href="#wikilink-${n}">${markdown.utils.escapeHtml(link.label ?? link.target)}</a>`;
      at = link.end;
    }
    html += markdown.utils.escapeHtml(source.slice(at));
    return { html: `<div style="white-space: pre-wrap">${html}</div>`, targets: links.map((l) => l.target) };
  }
  return { html: markdown.render(marked), targets: links.map((l) => l.target) };
}

export function WikiMarkdown({
  source,
  contentType = 'markdown',
  accountId,
  wiki,
}: {
  source: string;
  contentType?: string;
  accountId: string;
  wiki: WikiState;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const missing = t('wiki.missingNote');
  const html = useMemo(() => {
    const { html: raw, targets } = renderHtml(source, contentType);
    const fragment = DOMPurify.sanitize(raw, { RETURN_DOM_FRAGMENT: true });
    for (const anchor of fragment.querySelectorAll('a')) {
      const match = /^#wikilink-(\d+)$/.exec(anchor.getAttribute('href') ?? '');
      const target = match ? targets[Number(match[1])] : undefined;
      if (target === undefined) {
        // An address written in the note opens apart: the wiki stays where it is.
        anchor.setAttribute('target', '_blank');
        anchor.setAttribute('rel', 'noopener noreferrer');
        continue;
      }
      const resolved = resolveLink(target, wiki.index);
      const href = linkHref(accountId, resolved);
      anchor.setAttribute('data-wiki', resolved.kind);
      if (href) anchor.setAttribute('href', href);
      else anchor.removeAttribute('href');
      if (resolved.kind.startsWith('missing')) {
        anchor.setAttribute('class', 'wiki-missing');
        anchor.setAttribute('title', missing);
      }
    }
    const box = document.createElement('div');
    box.appendChild(fragment);
    return box.innerHTML;
  }, [source, contentType, wiki.index, accountId, missing]);

  // The app's links are followed inside it (offline too), not by loading a page.
  const follow = (event: MouseEvent) => {
    const anchor = (event.target as Element).closest?.('a[data-wiki]');
    const href = anchor?.getAttribute('href');
    if (!href || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <Box
      className="markdown"
      onClick={follow}
      sx={{
        overflowWrap: 'anywhere',
        '& p:first-of-type': { mt: 0 },
        '& pre': { overflowX: 'auto' },
        '& img': { maxWidth: '100%' },
        '& a': { color: 'primary.main' },
        '& a.wiki-missing': { color: 'error.main', textDecorationStyle: 'dashed' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
