// Every module of the product, and what the generic layers ask of them all: menus, tiles,
// settings, records, server-only kinds, indexes and views.
import type { DatabaseKind } from '../ids.ts';
import { COMING_MODULES } from './coming.ts';
import type { FirstStep, MenuEntry, ModuleDescription, SettingSpec, TileSpec } from './kit.ts';
import { exoreaderModule } from './exoreader/module.ts';
import { monetaModule } from './moneta/module.ts';
import { rdiskModule } from './rdisk/module.ts';
import { textnotesModule } from './textnotes/module.ts';
import { ticketModule } from './ticket/module.ts';

export type { FirstStep, MenuEntry, ModuleDescription, PageSpec, SettingSpec, TileSpec } from './kit.ts';

/** Every module, in the order menus list them. */
export const MODULES: readonly ModuleDescription[] = [
  ticketModule,
  monetaModule,
  exoreaderModule,
  textnotesModule,
  rdiskModule,
  ...COMING_MODULES,
];

const BY_KIND = new Map(MODULES.map((m) => [m.kind, m]));

export function moduleOf(kind: unknown): ModuleDescription | null {
  return typeof kind === 'string' ? (BY_KIND.get(kind) ?? null) : null;
}

export function isModule(value: unknown): value is string {
  return moduleOf(value) !== null;
}

type Settings = Readonly<Record<string, string>>;

/**
 * The modules a group uses: its own kind always (an exoreader group opens in the reader), the
 * host's module, the modules whose setting is on, and those always on. Modules not built yet are
 * left out, but for the group's own kind (its name still shows as the current module).
 */
export function enabledModules(settings: Settings, ownKind: string | null, hostModule: string | null = null): string[] {
  return MODULES.filter((m) => {
    if (m.kind === ownKind) return true;
    if (!m.built) return false;
    return m.setting === null || settings[m.setting] === 'enabled' || m.kind === hostModule;
  }).map((m) => m.kind);
}

/** The module in use: the one chosen in this browser session when the group has it, else `kind` (the host's module or the group's kind). */
export function currentModule(chosen: string | null, kind: string | null, enabled: readonly string[]): string {
  if (chosen && enabled.includes(chosen)) return chosen;
  if (kind && enabled.includes(kind)) return kind;
  return enabled[0] ?? MODULES[0]!.kind;
}

/** Where a module starts, under /account/{id}/ ('' is the group's dashboard). */
export function moduleHome(kind: string): string {
  const module = moduleOf(kind);
  return module?.built ? module.home : '';
}

const withFeatures = <T extends { feature?: string }>(entries: readonly T[], features: ReadonlySet<string>) =>
  entries.filter((entry) => !entry.feature || features.has(entry.feature));

/** The current module's own screens, listed in its menu above the other modules. */
export function moduleMenu(kind: string, features: ReadonlySet<string> = new Set()): MenuEntry[] {
  return withFeatures(moduleOf(kind)?.menu ?? [], features);
}

/** The group's own pages, whatever the module (spec 000 §2 Others menu). */
const GROUP_PAGES: readonly MenuEntry[] = [
  { key: 'admin', path: 'admin' },
  { key: 'memberships', path: 'memberships' },
  { key: 'billing', path: 'billing' },
  { key: 'usage', path: 'usage' },
];
const SUB_GROUPS_PAGE: MenuEntry = { key: 'groups', path: 'groups' };

/**
 * The others menu: the current module's records, the group's own pages, then the entries other
 * modules the group has on show everywhere (`elsewhere`).
 */
export function othersMenu(
  kind: string,
  features: ReadonlySet<string> = new Set(),
  enabled: readonly string[] = [],
  hasSubGroups = false,
): MenuEntry[] {
  const own = withFeatures(moduleOf(kind)?.others ?? [], features);
  const guests = enabled
    .filter((other) => other !== kind)
    .flatMap((other) => withFeatures(moduleOf(other)?.elsewhere?.others ?? [], features))
    .filter((entry) => !own.some((mine) => mine.path === entry.path));
  // After the group's own pages: entries that arrive with the group's settings never move the
  // ones a finger is already on (a tap meant for the admin dashboard landed on a new entry).
  // A Corporate group's sub-groups (spec 000 §2: only when it has some), after its memberships.
  const pages = hasSubGroups
    ? GROUP_PAGES.flatMap((p) => (p.key === 'memberships' ? [p, SUB_GROUPS_PAGE] : [p]))
    : GROUP_PAGES;
  return [...own, ...pages, ...guests];
}

/** The modules whose dashboard cards a group shows: its own kind's, then those shown wherever they are on. */
export function dashboardModules(settings: Settings, ownKind: string | null): string[] {
  const guests = enabledModules(settings, ownKind).filter(
    (kind) => kind !== ownKind && moduleOf(kind)?.elsewhere?.dashboard === true,
  );
  return [...(ownKind ? [ownKind] : []), ...guests];
}

/**
 * Admin dashboard counters of a group of `kind`, those of the other modules it has on (`settings`),
 * then the memberships every group has.
 */
export function adminTiles(
  kind: string | null | undefined,
  features: ReadonlySet<string> = new Set(),
  settings: Settings = {},
): TileSpec[] {
  const own = withFeatures(moduleOf(kind)?.tiles ?? [], features);
  const guests = enabledModules(settings, kind ?? null)
    .filter((other) => other !== kind)
    .flatMap((other) => withFeatures(moduleOf(other)?.elsewhere?.tiles ?? [], features))
    .filter((tile) => !own.some((mine) => mine.resource === tile.resource));
  return [...own, ...guests, { resource: 'memberships', klass: 'Membership' }];
}

/**
 * The steps a new group's dashboard suggests: its module's first records, then inviting the team
 * (administrators only). `counts` are the group's records per kind; done steps are marked.
 */
export function firstSteps(
  kind: string | null | undefined,
  counts: Readonly<Record<string, number>>,
  admin: boolean,
): Array<FirstStep & { done: boolean }> {
  const steps: FirstStep[] = [
    ...(moduleOf(kind)?.firstSteps ?? []),
    { resource: 'memberships', klass: 'Membership', atLeast: 2, admin: true },
  ];
  return steps
    .filter((step) => admin || !step.admin)
    .map((step) => ({ ...step, done: (counts[step.klass] ?? 0) >= (step.atLeast ?? 1) }));
}

/** The settings a group of `kind` offers on its admin dashboard. */
export function moduleSettings(kind: string | null | undefined): readonly SettingSpec[] {
  return moduleOf(kind)?.settings ?? [];
}

/** Every feature switch of every module: a group's features are these, where `enabled`. */
export const FEATURE_SWITCHES: readonly string[] = [
  ...new Set(MODULES.flatMap((m) => m.settings.filter((s) => s.type === 'switch').map((s) => s.key))),
];

export const MODULE_RECORDS = MODULES.flatMap((m) => m.records);

const OWNER = new Map(MODULES.flatMap((m) => m.records.map((spec) => [spec.resource, m.kind] as const)));

/** Whether a group with these settings uses the module a resource belongs to (a ticket group may switch finance off). */
export function resourceEnabled(resource: string, settings: Settings): boolean {
  const kind = OWNER.get(resource);
  return kind !== undefined && enabledModules(settings, settings.kind ?? null).includes(kind);
}

/** Kinds and fixed ids that only the server writes, across modules. */
export const MODULE_SERVER_KLASSES: ReadonlySet<string> = new Set(MODULES.flatMap((m) => m.serverKlasses ?? []));
export const MODULE_SERVER_DOC_IDS: ReadonlySet<string> = new Set(MODULES.flatMap((m) => m.serverDocIds ?? []));

/** Update handlers clients may call, across modules, per database kind. */
export function moduleUpdateHandlers(kind: DatabaseKind): string[] {
  return MODULES.flatMap((m) => m.updateHandlers?.[kind] ?? []);
}

/** Business records, counted against a free group's limit. */
export const COUNTER_KLASSES: ReadonlySet<string> = new Set(MODULES.flatMap((m) => m.counters));
