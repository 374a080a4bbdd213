// What modules add to the generic resource screens, by resource. The screens themselves are the
// same for every resource (src/components/resource); only what is special to one lives in
// src/app/modules/<part>.tsx, and several parts may add to the same resource.
import { Fragment, type ReactNode } from 'react';
import type { ResourceEnv, ResourceHooks } from '../components/resource/resource-env';
import type { PouchDoc } from '../data/pouch-api';
import { BOARD_PARTS } from './modules/board';
import { RECEIPT_PARTS } from './modules/receipts';
import { TICKET_PARTS } from './modules/tickets';

export interface ResourceModule {
  hooks?: ResourceHooks;
  indexActions?: (env: ResourceEnv) => ReactNode;
  showActions?: (record: PouchDoc, env: ResourceEnv) => ReactNode;
  showChildren?: (record: PouchDoc, env: ResourceEnv) => ReactNode;
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
    showActions: both(a.showActions, b.showActions),
    showChildren: both(a.showChildren, b.showChildren),
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

export const RESOURCE_MODULES: ModuleParts = mergeModules([TICKET_PARTS, BOARD_PARTS, RECEIPT_PARTS]);
