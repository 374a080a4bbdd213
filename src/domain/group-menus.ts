// The module menu and the "others" menu of the navigation shell (spec 000 §2, spec 001 §2).
import type { AppKind, Module } from './groups';

/** Where each module starts, under /account/{id}/. */
export const MODULE_HOME: Readonly<Record<Module, string>> = {
  ticket: 'tickets',
  textnotes: 'wiki',
  rdisk: 'disk',
  moneta: 'wallets',
  exoreader: 'reader_items',
};

export function isModule(value: unknown): value is Module {
  return typeof value === 'string' && value in MODULE_HOME;
}

/** The module in use: the one chosen in this browser session when the group has it, else `kind` (the host's module or the group's kind). */
export function currentModule(chosen: string | null, kind: AppKind | null, enabled: readonly Module[]): Module {
  if (isModule(chosen) && enabled.includes(chosen)) return chosen;
  if (kind && enabled.includes(kind)) return kind;
  return enabled[0] ?? 'ticket';
}

export interface MenuEntry {
  /** Translation key under nav.others. */
  key: string;
  /** Path under /account/{id}/ ('' is the dashboard). */
  path: string;
}

/** The current module's own screens, listed in its menu above the other modules (translation keys under nav.pages). */
export function modulePages(module: Module): MenuEntry[] {
  if (module !== 'ticket') return [];
  return [
    { key: 'tickets', path: 'tickets' },
    { key: 'board', path: 'ticket-board' },
    { key: 'customers', path: 'customers' },
    { key: 'equipment', path: 'equipment' },
    { key: 'handbooks', path: 'handbooks' },
  ];
}

/** `features`: the group's feature switches that are on; maintenances need the maintenance one. */
export function othersMenu(
  module: Module,
  enabled: readonly Module[],
  features: ReadonlySet<string> = new Set(),
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (module === 'ticket') {
    entries.push({ key: 'estimates', path: 'estimates' });
    entries.push({ key: 'contracts', path: 'contracts' });
    if (features.has('maintenance')) entries.push({ key: 'maintenances', path: 'maintenances' });
  }
  if (module === 'moneta') {
    entries.push({ key: 'wallets', path: 'wallets' });
    entries.push({ key: 'mappings', path: 'mappings' });
  }
  entries.push({ key: 'categories', path: 'categories' });
  if (enabled.includes('rdisk') && module !== 'rdisk' && module !== 'textnotes') {
    entries.push({ key: 'disk', path: 'disk' });
  }
  entries.push({ key: 'admin', path: 'admin' });
  entries.push({ key: 'memberships', path: 'memberships' });
  entries.push({ key: 'billing', path: 'billing' });
  entries.push({ key: 'usage', path: 'usage' });
  return entries;
}
