// Text notes (spec 001 §1 textnotes, §2 wiki): the group's handbooks read as a wiki at /wiki, with
// `[[links]]` between notes and to the group's records, the notes that link to each ("linked by",
// computed by the `wiki/links` view, never stored), tags, bookmarks, and the disk beside them.
// The handbook itself is every group's record (the ticket module's, always on): this module adds
// the wiki's screens and views, and the bookmarks.
import type { ModuleDescription } from '../kit.ts';
import { TEXTNOTES_RESOURCES, UNLINKABLE_TITLE, UNNORMALIZED_TAGS } from './records.ts';

export const textnotesModule: ModuleDescription = {
  kind: 'textnotes',
  feature: 'textnotes',
  setting: 'textnotes',
  // Spec 000 §3: notes are on in a new group.
  onByDefault: true,
  built: true,
  home: 'wiki',
  records: TEXTNOTES_RESOURCES,
  // The index is /wiki; an entry /wiki/{handbook id}, edited at /wiki/{id}/edit (`new` for a new one).
  pages: [
    { name: 'wiki', path: 'wiki', title: 'nav.pages.wiki' },
    { name: 'wiki#show', path: 'wiki/:recordId', title: 'nav.pages.wiki' },
    { name: 'wiki#edit', path: 'wiki/:recordId/edit', title: 'nav.pages.wiki' },
  ],
  menu: [
    { key: 'wiki', path: 'wiki' },
    { key: 'handbooks', path: 'handbooks' },
    { key: 'bookmarks', path: 'bookmarks' },
  ],
  others: [],
  firstSteps: [{ resource: 'handbooks', klass: 'Handbook' }],
  tiles: [
    { resource: 'handbooks', klass: 'Handbook' },
    { resource: 'bookmarks', klass: 'Bookmark' },
  ],
  settings: [],
  indexes: [],
  // `links`: each note's link keys (linked by); `entries`: what a link may name (notes, bookmarks
  // and the records of §2's double brackets), the wiki's index and the completion's titles.
  views: ['wiki/links', 'wiki/entries'],
  counters: [],
  messages: [UNLINKABLE_TITLE, UNNORMALIZED_TAGS],
};
