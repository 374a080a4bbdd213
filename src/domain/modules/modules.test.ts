import { describe, expect, it } from 'vitest';
import { APP_KINDS, DEFAULT_GROUP_SETTINGS } from '../groups.ts';
import { ID_PREFIXES } from '../ids.ts';
import { specOfKlass } from '../records/index.ts';
import {
  adminTiles,
  COUNTER_KLASSES,
  currentModule,
  dashboardModules,
  enabledModules,
  firstSteps,
  MODULES,
  moduleHome,
  moduleMenu,
  othersMenu,
} from './index.ts';

describe('the module registry', () => {
  it('has one description per kind a group may have', () => {
    expect(MODULES.map((m) => m.kind).sort()).toEqual([...APP_KINDS].sort());
  });

  it('gives every built module a home, a menu and records the generic screens know', () => {
    for (const module of MODULES.filter((m) => m.built)) {
      expect(
        module.menu.map((e) => e.path),
        module.kind,
      ).toContain(module.home);
      for (const spec of module.records) expect(specOfKlass(spec.klass), spec.klass).toBe(spec);
      for (const tile of module.tiles) expect(ID_PREFIXES[tile.klass], tile.klass).toBeTruthy();
    }
  });

  it('counts only business records against the free limit: no timeline, settings or memberships', () => {
    for (const klass of ['DocumentChange', 'Adjustment', 'Membership']) expect(COUNTER_KLASSES.has(klass)).toBe(false);
    expect(COUNTER_KLASSES.has('Ticket')).toBe(true);
  });
});

describe('enabledModules', () => {
  it('switches on the group’s own kind, those always on, and those whose setting is on', () => {
    expect(enabledModules({}, 'ticket')).toEqual(['ticket']);
    expect(enabledModules({ budget: 'enabled', rdisk: 'enabled', textnotes: 'enabled' }, 'ticket')).toEqual([
      'ticket',
      'moneta',
      'textnotes',
      'rdisk',
    ]);
    expect(enabledModules({ textnotes: 'disabled' }, 'ticket')).toEqual(['ticket']);
    expect(enabledModules({ budget: 'disabled' }, 'moneta')).toEqual(['ticket', 'moneta']);
    expect(enabledModules({}, 'exoreader')).toEqual(['ticket', 'exoreader']);
  });
});

describe('currentModule', () => {
  it('prefers the session choice when the group has that module, then its kind', () => {
    expect(currentModule('rdisk', 'ticket', ['ticket', 'rdisk'])).toBe('rdisk');
    expect(currentModule('exoreader', 'ticket', ['ticket', 'rdisk'])).toBe('ticket');
    expect(currentModule(null, 'exoreader', ['ticket', 'exoreader'])).toBe('exoreader');
    expect(currentModule(null, 'moneta', ['ticket'])).toBe('ticket');
  });

  it('starts each module on its home, and an unknown one on the group’s dashboard', () => {
    expect(moduleHome('ticket')).toBe('tickets');
    expect(moduleHome('exoreader')).toBe('reader_items');
    expect(moduleHome('rdisk')).toBe('disk');
    expect(moduleHome('textnotes')).toBe('wiki');
    expect(moduleHome('nothing')).toBe('');
  });
});

describe('menus and tiles', () => {
  it('list the ticket module’s screens, and its records with the group pages in the others menu', () => {
    expect(moduleMenu('ticket').map((e) => e.path)).toEqual([
      'tickets',
      'ticket-board',
      'customers',
      'equipment',
      'handbooks',
    ]);
    expect(othersMenu('ticket', new Set(['maintenance'])).map((e) => e.key)).toEqual([
      'estimates',
      'contracts',
      'maintenances',
      'categories',
      'admin',
      'memberships',
      'billing',
      'usage',
    ]);
  });

  it('list "groups" after memberships only when the group has sub-groups (spec 000 §2, issue 32)', () => {
    const keys = (has: boolean) =>
      othersMenu('moneta', new Set(), [], has)
        .map((e) => e.key)
        .slice(-4);
    expect(keys(false)).toEqual(['admin', 'memberships', 'billing', 'usage'].slice(-4));
    expect(keys(true)).toEqual(['memberships', 'groups', 'billing', 'usage']);
    expect(othersMenu('moneta', new Set(), [], true).find((e) => e.key === 'groups')?.path).toBe('groups');
  });

  it('show finance wherever it is on: a ticket group’s dashboard cards and menu entries (issue 28)', () => {
    const on = { ...DEFAULT_GROUP_SETTINGS, kind: 'ticket', budget: 'enabled' };
    const off = { ...on, budget: 'disabled' };
    expect(dashboardModules(on, 'ticket')).toEqual(['ticket', 'moneta']);
    expect(dashboardModules(off, 'ticket')).toEqual(['ticket']);
    expect(dashboardModules(on, 'moneta')).toEqual(['moneta']);
    const paths = (settings: Record<string, string>) =>
      othersMenu('ticket', new Set(), enabledModules(settings, 'ticket')).map((e) => e.path);
    expect(paths(on)).toEqual([
      'estimates',
      'contracts',
      'categories',
      'admin',
      'memberships',
      'billing',
      'usage',
      'outgos',
      'wallets-upload',
      'disk',
    ]);
    expect(paths(off)).not.toContain('outgos');
    expect(paths({ ...on, rdisk: 'disabled' })).not.toContain('disk');
    // Spec 001 §2: the disk's entry shows in the others menu when not in the disk itself.
    expect(othersMenu('rdisk', new Set(), enabledModules(on, 'ticket')).map((e) => e.path)).not.toContain('disk');
    expect(moduleMenu('rdisk').map((e) => e.path)).toEqual(['disk']);
    // In the finance module itself its own entries are listed once.
    const own = othersMenu('moneta', new Set(), enabledModules(on, 'ticket')).map((e) => e.path);
    expect(own.filter((path) => path === 'wallets-upload')).toHaveLength(1);
  });

  it('hide what a switched-off feature needs, and what is not built yet', () => {
    expect(othersMenu('ticket').map((e) => e.key)).not.toContain('maintenances');
    expect(adminTiles('ticket').map((t) => t.resource)).not.toContain('maintenances');
    expect(adminTiles('ticket', new Set(['maintenance'])).map((t) => t.resource)).toContain('maintenances');
    // No entry leads to a page that does not exist yet: other modules' records.
    const everything = [...othersMenu('ticket', new Set(['maintenance'])), ...adminTiles('ticket')].map(
      (e) => ('path' in e ? e.path : e.resource) as string,
    );
    for (const missing of ['wallets']) expect(everything).not.toContain(missing);
    // Spec 001 §2: the wiki, its handbooks and bookmarks.
    expect(moduleMenu('textnotes').map((e) => e.path)).toEqual(['wiki', 'handbooks', 'bookmarks']);
    expect(adminTiles('textnotes').map((t) => t.resource)).toEqual(['handbooks', 'bookmarks', 'memberships']);
    // Spec 000 admin tiles: rdisk (files).
    expect(adminTiles('rdisk').map((t) => t.resource)).toEqual(['disk', 'memberships']);
    // The reader's, as spec 000 §2 lists them: items, subscriptions, labels.
    expect(adminTiles('exoreader').map((t) => t.resource)).toEqual([
      'reader_items',
      'reader_subscriptions',
      'reader_labels',
      'memberships',
    ]);
    // The finance module's, as spec 000 §2 lists them.
    expect(adminTiles('moneta').map((t) => t.resource)).toEqual([
      'outgos',
      'incomes',
      'transfers',
      'exchanges',
      'wallets',
      'memberships',
    ]);
  });
});

describe('firstSteps', () => {
  it('suggests the module’s first records, then inviting the team, each done once it exists', () => {
    const steps = (counts: Record<string, number>, admin = true) =>
      firstSteps('ticket', counts, admin).map((s) => `${s.resource}${s.done ? ' ✓' : ''}`);
    expect(steps({ Membership: 1 })).toEqual(['categories', 'customers', 'tickets', 'memberships']);
    expect(steps({ Category: 2, Ticket: 1, Membership: 2 })).toEqual([
      'categories ✓',
      'customers',
      'tickets ✓',
      'memberships ✓',
    ]);
    // Only administrators invite.
    expect(steps({}, false)).toEqual(['categories', 'customers', 'tickets']);
    // A module without first records still suggests the team.
    expect(firstSteps('rdisk', {}, true).map((s) => s.resource)).toEqual(['memberships']);
    expect(firstSteps('textnotes', {}, true).map((s) => s.resource)).toEqual(['handbooks', 'memberships']);
  });
});

describe('tiles of a module in a group of another kind', () => {
  it('adds the files tile to a ticket or notes group while the disk is on, once', () => {
    const on = { ...DEFAULT_GROUP_SETTINGS, rdisk: 'enabled' };
    const off = { ...DEFAULT_GROUP_SETTINGS, rdisk: 'disabled' };
    const tiles = (kind: string, settings: Record<string, string>) =>
      adminTiles(kind, new Set(), settings).map((t) => t.resource);
    // Spec 000 §2: ticket (…, files, …), textnotes (handbooks, files).
    expect(tiles('ticket', on)).toContain('disk');
    expect(tiles('ticket', off)).not.toContain('disk');
    expect(tiles('textnotes', on)).toEqual(['handbooks', 'bookmarks', 'disk', 'memberships']);
    expect(tiles('rdisk', on)).toEqual(['disk', 'memberships']);
  });
});
