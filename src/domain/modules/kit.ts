// The module kit: what a module of the product is, described once. The navigation shell, the
// admin dashboard, permissions, the recent-changes timeline, the search view and the indexes a
// device builds all read these descriptions; none of them names a module. A module adds a
// description here (src/domain/modules/<module>/), its screens in src/features/<module>, and its
// server half with the design documents its views need in src/server/modules/<module>/.
import type { Klass } from '../ids.ts';
import type { ResourceSpec } from '../records/schema.ts';

/** One entry of a menu: a translation key and a path under /account/{id}/. */
export interface MenuEntry {
  /** Translation key, under nav.pages (module menu) or nav.othersMenu (others menu). */
  key: string;
  path: string;
  /** Shown only while this group feature switch is on. */
  feature?: string;
}

/** A counter on the admin dashboard: how many records of a kind, linking to their list. */
export interface TileSpec {
  /** Translation key under admin.tiles, and the list's path under /account/{id}/. */
  resource: string;
  klass: Klass;
  feature?: string;
}

/**
 * A first step a new group's dashboard suggests: creating the first record of a kind (a step is
 * done once the group has `atLeast` of them). Translation key: dashboard.firstSteps.<resource>.
 */
export interface FirstStep {
  resource: string;
  klass: Klass;
  /** 1 unless said: the group's memberships start at one, its creator's. */
  atLeast?: number;
  /** Only administrators can take it (inviting people). */
  admin?: boolean;
}

/**
 * A group setting the module adds to the admin dashboard's features card. A new group starts with
 * a switch off, a select on its first option and a text empty.
 */
export type SettingSpec =
  | { key: string; type: 'switch' }
  | { key: string; type: 'select'; options: readonly string[] }
  | { key: string; type: 'text' };

/** A screen of the module beyond the generic resource screens, under /account/{id}/. */
export interface PageSpec {
  /** The route's name (sent as X-Route-Name), and its file: src/features/<feature>/pages/<name>.tsx. */
  name: string;
  path: string;
  /** Translation key of the page title. */
  title: string;
  /**
   * The resource whose record the page shows (a printed receipt of a ticket): the page is handed
   * what modules add to that resource's record screens (`printChildren`), loaded with the page.
   */
  recordParts?: string;
}

export interface ModuleDescription {
  /** The module's id (a group's kind), e.g. `ticket`. */
  kind: string;
  /** Its folder under src/features. */
  feature: string;
  /** The group setting that switches it on (`budget` for moneta); null when always on. */
  setting: string | null;
  /** Whether a new group has that setting on (off unless said). */
  onByDefault?: boolean;
  /**
   * The modules whose records its records point at (an expense's `ticket_id` needs the ticket
   * module): the server refuses to start when a reference names a record of a module not listed.
   */
  requires?: readonly string[];
  /** Whether its screens exist: a module not built yet shows in no menu, tile or link. */
  built: boolean;
  /** Where it starts, under /account/{id}/. */
  home: string;
  /** Its described records (generic index, show, new and edit screens; server checks). */
  records: readonly ResourceSpec[];
  /** Its own screens beyond the generic ones (a board, a print page…). */
  pages: readonly PageSpec[];
  /** The module menu while it is the current module. */
  menu: readonly MenuEntry[];
  /** The others menu while it is the current module (before the group's own pages). */
  others: readonly MenuEntry[];
  /** Admin dashboard counters. */
  tiles: readonly TileSpec[];
  /**
   * What it shows in a group of another kind that has it switched on (a repair shop keeping its
   * money here): its dashboard cards, and these entries of the others menu, whatever the module.
   */
  elsewhere?: {
    dashboard: boolean;
    others: readonly MenuEntry[];
    /** Its admin tiles there, after the group's own (the disk's files in a repair shop). */
    tiles?: readonly TileSpec[];
  };
  /** Its dashboard shows the group's recent changes (true unless said: the reader's shows its items instead). */
  recentChanges?: boolean;
  /** What a new group of this kind creates first, in order (the dashboard's first steps). */
  firstSteps?: readonly FirstStep[];
  /** Group settings its screens honour, offered on the admin dashboard. */
  settings: readonly SettingSpec[];
  /** Kinds only the server writes (whatever the database), and documents with fixed ids likewise. */
  serverKlasses?: readonly string[];
  serverDocIds?: readonly string[];
  /** Update handlers clients may call, `ddoc/handler`, per database kind. */
  updateHandlers?: { personal?: readonly string[]; group?: readonly string[] };
  /** pouchdb-find indexes (field lists) and design-document views (`ddoc/view`) its screens query. */
  indexes: readonly (readonly string[])[];
  views: readonly string[];
  /** Business records, counted against a free group's record limit (spec 001 §3 "Counter"). */
  counters: readonly Klass[];
  /** The sentences its rules answer with (each needs a translation under `errors.`). */
  messages?: readonly string[];
}
