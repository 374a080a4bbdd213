// What a module's screens add to the generic ones (src/components/resource) and to the group's
// shell: parts of resource screens by resource, a navbar item, dashboard and admin cards, and an
// effect while its group is open. Each module exports one from src/features/<module>/module.tsx,
// with the parts of its lists; the parts of its record screens (show, new, edit), which a
// dashboard or a list never needs, come from src/features/<module>/record-parts.tsx. The app
// composes them (src/app/feature-modules.ts, record-modules.ts) and never names a module itself.
import { type ComponentType, Fragment, type ReactNode } from 'react';
import type { PouchDoc } from '../../data/pouch-api.ts';
import type { ResourceEnv, ResourceHooks } from './resource-env.ts';

export interface ResourceModule {
  hooks?: ResourceHooks;
  indexActions?: (env: ResourceEnv) => ReactNode;
  /** Buttons at the end of a list's row (confirm an expense without opening it). */
  rowActions?: (record: PouchDoc, env: ResourceEnv) => ReactNode;
  showActions?: (record: PouchDoc, env: ResourceEnv) => ReactNode;
  showChildren?: (record: PouchDoc, env: ResourceEnv) => ReactNode;
  /** On the record's printed page (a ticket's receipt), after the document: chosen photos. */
  printChildren?: (record: PouchDoc, env: ResourceEnv) => ReactNode;
  /** Fields the module's own parts show on the record page. */
  showHides?: readonly string[];
  /** Related resources the module's own parts list on the record page. */
  hideRelated?: readonly string[];
  formChildren?: (
    draft: Record<string, unknown>,
    set: (name: string, value: unknown) => void,
    env: ResourceEnv,
  ) => ReactNode;
  filters?: (draft: Record<string, unknown>) => Record<string, Readonly<Record<string, string>>>;
}

/** Parts of modules, by resource. */
export type ModuleParts = Readonly<Record<string, ResourceModule>>;

type Render<A extends unknown[]> = ((...args: A) => ReactNode) | undefined;

function both<A extends unknown[]>(a: Render<A>, b: Render<A>): Render<A> {
  if (!a || !b) return a ?? b;
  return (...args: A) => (
    <>
      <Fragment key="a">{a(...args)}</Fragment>
      <Fragment key="b">{b(...args)}</Fragment>
    </>
  );
}

function combine(a: ResourceModule, b: ResourceModule): ResourceModule {
  const prepareA = a.hooks?.prepare;
  const prepareB = b.hooks?.prepare;
  const afterA = a.hooks?.afterSave;
  const afterB = b.hooks?.afterSave;
  return {
    hooks: {
      prepare:
        prepareA && prepareB
          ? async (doc, context) => prepareB(await prepareA(doc, context), context)
          : (prepareA ?? prepareB),
      afterSave:
        afterA && afterB
          ? async (doc, context) => {
              await afterA(doc, context);
              await afterB(doc, context);
            }
          : (afterA ?? afterB),
    },
    indexActions: both(a.indexActions, b.indexActions),
    rowActions: both(a.rowActions, b.rowActions),
    showActions: both(a.showActions, b.showActions),
    showChildren: both(a.showChildren, b.showChildren),
    printChildren: both(a.printChildren, b.printChildren),
    formChildren: both(a.formChildren, b.formChildren),
    showHides: [...(a.showHides ?? []), ...(b.showHides ?? [])],
    hideRelated: [...(a.hideRelated ?? []), ...(b.hideRelated ?? [])],
    filters:
      a.filters && b.filters ? (draft) => ({ ...a.filters!(draft), ...b.filters!(draft) }) : (a.filters ?? b.filters),
  };
}

export function mergeModules(parts: readonly ModuleParts[]): ModuleParts {
  const merged: Record<string, ResourceModule> = {};
  for (const part of parts) {
    for (const [resource, module] of Object.entries(part)) {
      merged[resource] = merged[resource] ? combine(merged[resource], module) : module;
    }
  }
  return merged;
}

/** What a module's own pages (src/features/<module>/pages/<name>.tsx) receive. */
export interface ModulePageProps {
  env: ResourceEnv;
  /** The `:recordId` of the page's path, '' when it has none. */
  recordId: string;
  params: Readonly<Record<string, string | undefined>>;
  /** What modules add to the record the page shows, for a page that names its resource (`recordParts`). */
  parts?: ResourceModule;
}

export interface DashboardCardsProps {
  accountId: string;
  refreshKey: number;
  env: ResourceEnv;
  /** The person administers the group (changes its settings). */
  admin: boolean;
  /** Saves a group setting on the device (sync takes it to the server, which lets only administrators). */
  saveSetting: (key: string, value: string) => Promise<void>;
}

export interface FeatureModule {
  /** The module's kind (src/domain/modules). */
  kind: string;
  /** Parts of the lists (indexActions); the record screens' are the module's record-parts.tsx. */
  parts?: ModuleParts;
  /** Beside the sync status in the navbar, while a group of this kind is open. */
  NavbarItem?: ComponentType<{ accountId: string }>;
  /** Cards on the dashboard of a group of this kind, and on its admin dashboard. */
  DashboardCards?: ComponentType<DashboardCardsProps>;
  AdminCards?: ComponentType<{ accountId: string }>;
  /** Mounted while a group using the module is open (it may start work of its own). */
  GroupEffect?: ComponentType<{ accountId: string }>;
}
