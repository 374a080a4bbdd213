// The server's half of the module kit: what a module's server code may declare, so that the app,
// the `/db` door, the group routes and the configuration take part in it without naming it. A
// module's server folder (src/server/modules/<kind>/) exports one `ServerModule`, listed once in
// index.ts; its design documents sit in its `couch/group/` folder (src/server/store/design-docs.ts
// finds them) and reach only the groups that use the module. Its client half is the description in
// src/domain/modules/<kind>/ and the screens in src/features/<feature>/.
import { Router } from 'express';
import type { CsvExport } from '../../domain/csv-write.ts';
import type { ModuleDescription } from '../../domain/modules/index.ts';
import type { SummaryPart } from '../../domain/weekly-summary.ts';
import type { AppContext } from '../context.ts';
import type { Writer } from '../services/db-writes.ts';
import type { JobHandler, JobQueue } from '../services/jobs.ts';
import type { PeriodicTask } from '../services/periodic-tasks.ts';
import type { CouchClient } from '../store/couch-client.ts';

/** What a write that was accepted carried: whole documents, or only the id of what changed. */
export type WrittenDocs = ReadonlyArray<{
  _id?: unknown;
  klass?: unknown;
  key?: unknown;
  value?: unknown;
  _deleted?: unknown;
}>;

export type { Writer };

/**
 * An update handler run as server code (`PUT /db/{acc}/_design/{ddoc}/_update/{name}/{id}`):
 * it judges and writes the document itself (checkDocWrite), with the writer the door authenticated.
 */
export type UpdateHandler = (
  ctx: AppContext,
  db: string,
  id: string,
  writer: Writer,
) => Promise<{ ok: true; id: string; rev: string }>;

/** What a module runs on each instance while the server is up (a fetcher sweeping for due work). */
export interface ModuleInstance {
  start(): void;
  stop(): Promise<void>;
}

export interface ServerModule {
  /** The module's kind, as its description in src/domain/modules names it. */
  kind: string;
  /**
   * Its environment variables, read at start-up with the rest (src/server/config.ts): push a
   * sentence per bad variable to `problems`. The result is `config.modules[kind]`.
   */
  config?: (env: NodeJS.ProcessEnv, problems: string[]) => unknown;
  /** Databases only the server reads and writes: created at start, closed to every person. */
  databases?: readonly string[];
  /** What it prepares in the store before the server takes requests (indexes of its databases). */
  prepare?: (store: CouchClient) => Promise<void>;
  /**
   * Its `/api` calls under one group: the router is mounted at `/api/groups/:db`, so a route
   * `/things/export` answers `/api/groups/{acc}/things/export`. No body is read before it: each route
   * reads its own, after authentication, with its own limit (http/body.ts).
   */
  routes?: (ctx: AppContext) => Router;
  /**
   * After a write to a personal or group database was accepted, on every path the door takes:
   * single documents, `_bulk_docs` (replication too), deletions, attachments and update handlers.
   * The write is stored already: a hook logs its own failures and never throws.
   */
  afterWrite?: (ctx: AppContext, db: string, docs: WrittenDocs) => Promise<void>;
  /**
   * Bytes the group keeps outside its documents (the disk's file contents, in the byte store), by
   * kind of record, added to that kind's size in the daily usage snapshot (services/usage.ts).
   */
  storedBytes?: (ctx: AppContext, db: string) => Promise<Readonly<Record<string, number>>>;
  /**
   * Its records as CSV files of the group's export (`/api/groups/{acc}/export/{name}.csv`, for
   * administrators): pure descriptions from its domain folder; the server streams the rows.
   */
  csv?: readonly CsvExport[];
  /** Update handlers of group databases answered by server code, by `ddoc/handler`. */
  updateHandlers?: Readonly<Record<string, UpdateHandler>>;
  /**
   * Work it files on the job queue (services/jobs.ts), by type: run off the request path by any
   * instance, at least once, retried with a growing delay when the handler throws.
   */
  jobs?: Readonly<Record<string, JobHandler>>;
  /** Periodic tasks: each runs once per period on one instance, under a lease (services/periodic-tasks.ts). */
  tasks?: readonly PeriodicTask[];
  /**
   * Its part of the weekly summary e-mail (services/weekly-summary.ts): sections from a group's
   * documents, for groups that have it on. A pure function of src/domain, tested from fixtures.
   */
  summary?: SummaryPart;
  /** What it runs on each instance: made before the store is prepared (it may register jobs), started last, stopped first. */
  instance?: (ctx: () => AppContext, jobs: JobQueue) => ModuleInstance;
}

/** A router for `routes`: the group's id is `req.params.db`. */
export function groupRouter(): Router {
  return Router({ mergeParams: true });
}

/**
 * Why these modules cannot run together, one sentence each (empty when they can): a server half
 * without its description, one listed twice, a `requires` naming no module, or a record whose
 * reference points at a kind of record another module owns that it does not require (a group
 * without that module would hold ids of records it cannot have).
 */
export function moduleProblems(descriptions: readonly ModuleDescription[], servers: readonly ServerModule[]): string[] {
  const problems: string[] = [];
  const kinds = new Set(descriptions.map((m) => m.kind));
  const seen = new Set<string>();
  for (const server of servers) {
    if (!kinds.has(server.kind)) problems.push(`server module "${server.kind}" has no module description`);
    if (seen.has(server.kind)) problems.push(`server module "${server.kind}" is listed twice`);
    seen.add(server.kind);
  }
  const owner = new Map<string, string>();
  for (const module of descriptions) for (const spec of module.records) owner.set(spec.klass, module.kind);
  for (const module of descriptions) {
    const requires = module.requires ?? [];
    for (const kind of requires)
      if (!kinds.has(kind)) problems.push(`module "${module.kind}" requires "${kind}", which is no module`);
    for (const spec of module.records)
      for (const field of spec.fields) {
        if (field.type !== 'reference' && field.type !== 'references') continue;
        const target = field.ref ? owner.get(field.ref) : undefined;
        if (target === undefined || target === module.kind || requires.includes(target)) continue;
        problems.push(
          `module "${module.kind}": ${spec.klass}.${field.name} points at ${field.ref}, a record of "${target}", which it does not require`,
        );
      }
  }
  return problems;
}

/** Throws at start when the modules cannot run together (see moduleProblems). */
export function assertModules(descriptions: readonly ModuleDescription[], servers: readonly ServerModule[]): void {
  const problems = moduleProblems(descriptions, servers);
  if (problems.length > 0) throw new Error(`Invalid modules:\n  - ${problems.join('\n  - ')}`);
}
