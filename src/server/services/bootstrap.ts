// What the server needs in the store before it takes requests; idempotent, and safe when several
// instances start at once (creations that lose a race are read back).
import { randomBytes } from 'node:crypto';
import { databaseKind } from '../../domain/ids.ts';
import { type AppContext, SYSTEM_DB, USERS_DB } from '../context.ts';
import { type CouchClient, isConflict } from '../store/couch-client.ts';
import { deployDesignDocs } from '../store/design-docs.ts';
import { deployGroupDesignDocs } from './groups.ts';
import { ADMIN_ONLY_SECURITY } from './personal-db.ts';

export async function prepareStore(store: CouchClient): Promise<void> {
  // _users and _replicator are the system databases a single-node CouchDB expects.
  for (const db of ['_users', '_replicator']) await store.createDatabase(db);
  for (const db of [USERS_DB, SYSTEM_DB]) await prepareServerDatabase(store, db);
  await deployDesignDocs(store, USERS_DB, 'users');
}

/** A database only the server reads and writes (its own, or a module's): made, and closed to every person. */
export async function prepareServerDatabase(store: CouchClient, db: string): Promise<void> {
  await store.createDatabase(db);
  for (;;) {
    try {
      await store.must(`/${db}/_security`, { method: 'PUT', body: ADMIN_ONLY_SECURITY });
      return;
    } catch (error) {
      // Another instance wrote it at the same moment (the embedded store answers 409 then):
      // done if what is there closes the database, else written again.
      if (!isConflict(error)) throw error;
      const stored = await store.must<unknown>(`/${db}/_security`);
      if (JSON.stringify(stored) === JSON.stringify(ADMIN_ONLY_SECURITY)) return;
    }
  }
}

/**
 * The generation of the signing key. Raised when a key must be replaced everywhere: generation 2
 * replaced every key written before the door was closed (the audit of 2026-11-23 read one
 * through the proxy), which also ends every session signed with it.
 */
const SECRET_GENERATION = 2;

/** The key that signs session cookies, shared by every instance through the store. */
export async function loadSessionSecret(store: CouchClient, configured: string | null): Promise<string> {
  if (configured) return configured;
  const id = 'session-secret';
  for (;;) {
    const existing = await store.get<{ _id: string; _rev: string; value: string; generation?: number }>(SYSTEM_DB, id);
    if (existing && (existing.generation ?? 1) >= SECRET_GENERATION) return existing.value;
    try {
      await store.put(SYSTEM_DB, {
        _id: id,
        ...(existing ? { _rev: existing._rev } : {}),
        value: randomBytes(48).toString('base64url'),
        generation: SECRET_GENERATION,
      });
    } catch (error) {
      // Another instance wrote it first: read theirs.
      if (!isConflict(error)) throw error;
    }
  }
}

/** Brings the design documents of every personal and group database up to date (a group's: those of the modules it uses). */
export async function upgradeDatabases(ctx: AppContext): Promise<number> {
  const dbs = (await ctx.store.must<string[]>('/_all_dbs')).filter((db) => databaseKind(db));
  let changed = 0;
  for (const db of dbs) {
    const kind = databaseKind(db)!;
    changed += kind === 'group' ? await deployGroupDesignDocs(ctx, db) : await deployDesignDocs(ctx.store, db, kind);
  }
  return changed;
}
