// Every module's server half, one line each (see kit.ts). The app, the `/db` door, the group
// routes and the configuration iterate this list; none of them names a module.
import { MODULES } from '../../domain/modules/index.ts';
import type { DatabaseKind } from '../../domain/ids.ts';
import type { AppContext } from '../context.ts';
import { exoreaderServer } from './exoreader/module.ts';
import { assertModules, type ServerModule, type UpdateHandler, type WrittenDocs } from './kit.ts';
import { monetaServer } from './moneta/module.ts';
import { rdiskServer } from './rdisk/module.ts';
import { textnotesServer } from './textnotes/module.ts';
import { ticketServer } from './ticket/module.ts';

export type { ModuleInstance, ServerModule, UpdateHandler, Writer, WrittenDocs } from './kit.ts';

export const SERVER_MODULES: readonly ServerModule[] = [
  ticketServer,
  monetaServer,
  exoreaderServer,
  textnotesServer,
  rdiskServer,
];

/** Throws when the modules' descriptions do not fit together (kit.ts moduleProblems): run at start. */
export function checkModules(): void {
  assertModules(MODULES, SERVER_MODULES);
}

/** Every module's after-write hook, in turn; each keeps its own failures to itself (kit.ts). */
export async function afterModuleWrites(ctx: AppContext, db: string, docs: WrittenDocs): Promise<void> {
  for (const module of SERVER_MODULES) await module.afterWrite?.(ctx, db, docs);
}

/** The update handler a module answers as server code, for `ddoc/handler` in a database of `kind`. */
export function moduleUpdateHandler(kind: DatabaseKind, ddoc: string, handler: string): UpdateHandler | null {
  if (kind !== 'group') return null;
  for (const module of SERVER_MODULES) {
    const name = `${ddoc}/${handler}`;
    if (module.updateHandlers && Object.hasOwn(module.updateHandlers, name)) return module.updateHandlers[name]!;
  }
  return null;
}
