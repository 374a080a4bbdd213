// Wiki links (spec 001 §2: "wiki entries reference other records by writing names between double
// brackets"): `[[Title]]` links a note by its title whatever the case, `[[Title|shown text]]` with
// a label, `[[#3-17]]` a ticket by its number, and a title no note has may name a record of the
// group (a customer by name, an equipment by identifier). Markdown's code (inline spans and fenced
// blocks) and `\[[` are text, never links: a handbook that explains the syntax shows it as typed.
// One scanner serves the links a note makes, the keys the device indexes them by (linked by), the
// rewriting of a rename and the completion while typing, so they can never disagree.

export interface WikiLink {
  /** What is between the brackets before any bar, trimmed. */
  target: string;
  /** What is after the bar, trimmed; null without one. */
  label: string | null;
  /** Where `[[` starts and where `]]` ends, in the text. */
  start: number;
  end: number;
}

export type LinkTarget = { kind: 'ticket'; number: string } | { kind: 'title'; key: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TICKET = /^#\s*(\d+-\d+)$/;

/** A title as links compare it: the same letters in one form, trimmed, spaces as one, lowercase. */
export function titleKey(title: string): string {
  return title.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function parseTarget(target: string): LinkTarget {
  const ticket = TICKET.exec(target.trim());
  return ticket ? { kind: 'ticket', number: ticket[1]! } : { kind: 'title', key: titleKey(target) };
}

/** Why a note's title could not be linked to by name, or null when it can. */
export function titleProblem(title: string): 'empty' | 'brackets' | 'bar' | 'line-break' | 'ticket-number' | null {
  if (title.trim() === '') return 'empty';
  if (/[\r\n]/.test(title)) return 'line-break';
  if (/[[\]]/.test(title)) return 'brackets';
  if (title.includes('|')) return 'bar';
  if (parseTarget(title).kind === 'ticket') return 'ticket-number';
  return null;
}

/** The link that starts at `at` (on `[[`), or null when the brackets there make none. */
function linkAt(line: string, at: number, offset: number): WikiLink | null {
  const close = line.indexOf(']]', at + 2);
  if (close < 0) return null;
  const inner = line.slice(at + 2, close);
  if (/[[\]]/.test(inner)) return null;
  const bar = inner.indexOf('|');
  const target = (bar < 0 ? inner : inner.slice(0, bar)).trim();
  if (target === '') return null;
  const label = bar < 0 ? null : inner.slice(bar + 1).trim() || null;
  return { target, label, start: offset + at, end: offset + close + 2 };
}

/** The links of one line outside code spans, at `offset` in the whole text. */
function lineLinks(line: string, offset: number, found: WikiLink[]): void {
  let i = 0;
  while (i < line.length) {
    const ch = line[i];
    if (ch === '\\') {
      i += 2;
    } else if (ch === '`') {
      let run = 1;
      while (line[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      let close = line.indexOf(fence, i + run);
      // A closing run must be exactly as long as the opening one.
      while (close >= 0 && line[close + run] === '`') {
        let longer = close;
        while (line[longer] === '`') longer++;
        close = line.indexOf(fence, longer);
      }
      i = close < 0 ? i + run : close + run;
    } else if (ch === '[' && line[i + 1] === '[') {
      const link = linkAt(line, i, offset);
      if (link) {
        found.push(link);
        i = link.end - offset;
      } else i += 1;
    } else i += 1;
  }
}

/** Every link of a note's text, in order. */
export function wikiLinks(text: string): WikiLink[] {
  const found: WikiLink[] = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of text.split('\n')) {
    const opening = FENCE.exec(line);
    if (fence) {
      const closing = opening?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length && line.trim() === closing) fence = null;
    } else if (opening) {
      fence = opening[1]!;
    } else {
      lineLinks(line, offset, found);
    }
    offset += line.length + 1;
  }
  return found;
}

/** What a note links to, each once: the keys the device's index keeps for "linked by". */
export function linkKeys(text: string): Array<['title' | 'ticket', string]> {
  const keys = new Map<string, ['title' | 'ticket', string]>();
  for (const link of wikiLinks(text)) {
    const target = parseTarget(link.target);
    const key: ['title' | 'ticket', string] =
      target.kind === 'ticket' ? ['ticket', target.number] : ['title', target.key];
    keys.set(key.join('\u0000'), key);
  }
  return [...keys.values()];
}

/** What a link may point at in a group: its notes by title, tickets by number, other records by key. */
export interface LinkIndex {
  notes: ReadonlyMap<string, string>;
  tickets: ReadonlyMap<string, string>;
  /** In order of precedence after the notes (a customer's name before an equipment's identifier). */
  records: ReadonlyArray<{ klass: string; byKey: ReadonlyMap<string, string> }>;
}

export type Resolved =
  | { kind: 'note'; id: string }
  | { kind: 'record'; klass: string; id: string }
  | { kind: 'missing-note'; title: string }
  | { kind: 'missing-ticket'; number: string };

/**
 * Where a link goes: a note of that title first (it is a wiki), then a record named so; a title
 * nothing has is a note to be written (followed, it opens a new note with that title).
 */
export function resolveLink(target: string, index: LinkIndex): Resolved {
  const parsed = parseTarget(target);
  if (parsed.kind === 'ticket') {
    const id = index.tickets.get(parsed.number);
    return id ? { kind: 'record', klass: 'Ticket', id } : { kind: 'missing-ticket', number: parsed.number };
  }
  const note = index.notes.get(parsed.key);
  if (note) return { kind: 'note', id: note };
  for (const { klass, byKey } of index.records) {
    const id = byKey.get(parsed.key);
    if (id) return { kind: 'record', klass, id };
  }
  return { kind: 'missing-note', title: target.trim() };
}

/** A note renamed: its links in another note's text, rewritten to the new title, labels kept. */
export function renameLinks(text: string, from: string, to: string): { text: string; changed: number } {
  const key = titleKey(from);
  const renamed = wikiLinks(text).filter((link) => {
    const target = parseTarget(link.target);
    return target.kind === 'title' && target.key === key;
  });
  let result = text;
  for (const link of [...renamed].reverse()) {
    const written = `[[${to.trim()}${link.label === null ? '' : `|${link.label}`}]]`;
    result = result.slice(0, link.start) + written + result.slice(link.end);
  }
  return { text: result, changed: renamed.length };
}

/** While typing: the `[[` left open on the caret's line and what follows it, or null. */
export function linkQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  const before = text.slice(lineStart, caret);
  const open = before.lastIndexOf('[[');
  if (open < 0 || before[open - 1] === '\\') return null;
  const query = before.slice(open + 2);
  if (/[[\]]/.test(query)) return null;
  return { start: lineStart + open, query };
}

/** The open link at the caret completed with `title`; the caret goes after it. */
export function completeLink(text: string, caret: number, title: string): { text: string; caret: number } {
  const open = linkQueryAt(text, caret);
  if (!open) return { text, caret };
  const link = `[[${title}]]`;
  return { text: text.slice(0, open.start) + link + text.slice(caret), caret: open.start + link.length };
}
