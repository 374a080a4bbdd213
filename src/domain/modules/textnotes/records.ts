// The wiki's records (spec 001 §3 Handbook and Bookmark). A handbook is the ticket module's record
// (every group has them, the wiki or not): what it must be to be a page of a wiki is said here,
// beside the link rules, and the ticket module's description uses it. A bookmark (url, tag_names)
// is the wiki's own, listed with the notes.
import { type FieldErrors } from '../../errors.ts';
import type { ResourceSpec } from '../../records/schema.ts';
import { normalizeTags } from '../../tags.ts';
import { titleProblem } from './links.ts';

/** A title a `[[link]]` could not name: brackets, a bar, a line break, or a ticket's number. */
export const UNLINKABLE_TITLE = 'cannot be linked to: no brackets, bar or line break, and not a ticket number';
/** Tags not kept as spec 001 §5 keeps them (trimmed, lowercase, hyphens for spaces, each once). */
export const UNNORMALIZED_TAGS = 'must be lowercase, without spaces, each once';

type Doc = Readonly<Record<string, unknown>>;

/** Spec 001 §5's tags, on every path: the form normalises them, a write straight to /db is judged. */
export function checkTags(doc: Doc, field: string, errors: FieldErrors): void {
  const tags = doc[field];
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) return;
  if (JSON.stringify(normalizeTags(tags)) !== JSON.stringify(tags)) errors.add(field, UNNORMALIZED_TAGS);
}

/** What a handbook must be besides its fields: a title links can name, tags as §5 keeps them. */
export function checkHandbook(doc: Doc, errors: FieldErrors): void {
  if (typeof doc.title === 'string') {
    const problem = titleProblem(doc.title);
    if (problem !== null && problem !== 'empty') errors.add('title', UNLINKABLE_TITLE);
  }
  checkTags(doc, 'categories', errors);
}

export const CONTENT_TYPES = ['markdown', 'text'] as const;

export const handbooks: ResourceSpec = {
  resource: 'handbooks',
  klass: 'Handbook',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'content', type: 'markdown' },
    { name: 'categories', type: 'tags' },
    // Spec 001 §3: how the content is written (Markdown unless said), an icon (an emoji or a
    // short mark shown before the title), the address it documents, and extra fields by name.
    { name: 'content_type', type: 'select', options: CONTENT_TYPES, initial: 'markdown' },
    { name: 'icon', type: 'text', maxLength: 16 },
    { name: 'uri', type: 'url' },
    {
      name: 'extra_fields',
      type: 'rows',
      rows: [
        { name: 'name', type: 'text', required: true, maxLength: 80 },
        { name: 'value', type: 'text' },
      ],
    },
  ],
  columns: ['title', 'categories', 'updated_at'],
  search: ['title', 'content', 'categories'],
  sort: ['title', 'created_at', 'updated_at'],
  defaultSort: { field: 'title', direction: 'asc' },
  titleField: 'title',
  check: checkHandbook,
};

export const bookmarks: ResourceSpec = {
  resource: 'bookmarks',
  klass: 'Bookmark',
  fields: [
    { name: 'url', type: 'url', required: true },
    { name: 'tag_names', type: 'tags' },
  ],
  columns: ['url', 'tag_names', 'updated_at'],
  search: ['url', 'tag_names'],
  sort: ['url', 'created_at', 'updated_at'],
  defaultSort: { field: 'url', direction: 'asc' },
  titleField: 'url',
  check: (doc, errors) => checkTags(doc, 'tag_names', errors),
};

export const TEXTNOTES_RESOURCES: readonly ResourceSpec[] = [bookmarks];
