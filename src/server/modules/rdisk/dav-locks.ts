// WebDAV write locks (RFC 4918 §6–7, class 2): kept in a server-only database so every instance
// sees the same ones, by the path they were taken on (a lock holds a name, not a record: a LOCK
// on an unmapped URL makes an empty file there). The `If` header is evaluated here too.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { CouchDoc } from '../../store/couch-client.ts';

export const DISK_LOCKS_DB = 'disk-locks';

/** One hour unless asked for less; a client refreshes a lock it keeps longer. */
export const MAX_LOCK_SECONDS = 3600;

/** What a client asks for when it takes a lock. */
export interface LockRequest {
  /** The path segments the lock was taken on, joined by `/` (the root is ''). */
  root: string;
  scope: 'exclusive' | 'shared';
  depth: '0' | 'infinity';
  /** The `owner` element's XML, as sent. */
  owner: string;
  principal: string;
  timeout: number;
}

export interface DavLock extends CouchDoc, LockRequest {
  db: string;
  token: string;
  expires: number;
}

export const joinPath = (segments: readonly string[]) => segments.join('/');

/** Whether a lock on `root` with `depth` covers `path`. */
function covers(lock: DavLock, path: string): boolean {
  if (lock.root === path) return true;
  if (lock.depth !== 'infinity') return false;
  return lock.root === '' || path.startsWith(`${lock.root}/`);
}

/** Whether `path` is `root` or under it. */
export function under(path: string, root: string): boolean {
  return root === '' || path === root || path.startsWith(`${root}/`);
}

export class DavLocks {
  private readonly ctx: AppContext;
  private readonly db: string;
  private cache: DavLock[] | null = null;

  constructor(ctx: AppContext, db: string) {
    this.ctx = ctx;
    this.db = db;
  }

  /** The group's current locks (read once per request). */
  async all(): Promise<DavLock[]> {
    if (this.cache) return this.cache;
    const now = this.ctx.now().getTime();
    const docs = await this.ctx.store.docsWithPrefix<DavLock>(DISK_LOCKS_DB, `${this.db}/`);
    this.cache = docs.filter((lock) => lock.expires > now);
    return this.cache;
  }

  /** Locks that cover `path` (taken on it, or on a folder above it with depth infinity). */
  async covering(path: string): Promise<DavLock[]> {
    return (await this.all()).filter((lock) => covers(lock, path));
  }

  /** Locks taken on `path` or anything under it (what a DELETE or MOVE of a folder disturbs). */
  async within(path: string): Promise<DavLock[]> {
    return (await this.all()).filter((lock) => under(lock.root, path));
  }

  async byToken(token: string): Promise<DavLock | null> {
    return (await this.all()).find((lock) => lock.token === token) ?? null;
  }

  async take(lock: LockRequest): Promise<DavLock> {
    const id = randomUUID();
    const doc: DavLock = {
      ...lock,
      _id: `${this.db}/${id}`,
      db: this.db,
      token: `opaquelocktoken:${id}`,
      expires: this.ctx.now().getTime() + lock.timeout * 1000,
    };
    const ref = await this.ctx.store.put(DISK_LOCKS_DB, doc);
    this.cache = null;
    return { ...doc, _rev: ref.rev };
  }

  async refresh(lock: DavLock, timeout: number): Promise<DavLock> {
    const doc = { ...lock, timeout, expires: this.ctx.now().getTime() + timeout * 1000 };
    const ref = await this.ctx.store.put(DISK_LOCKS_DB, doc);
    this.cache = null;
    return { ...doc, _rev: ref.rev };
  }

  async release(lock: DavLock): Promise<void> {
    await this.ctx.store.remove(DISK_LOCKS_DB, lock._id, lock._rev!);
    this.cache = null;
  }

  /** Locks taken on a path that is gone (deleted, or moved away from). */
  async releaseWithin(path: string): Promise<void> {
    for (const lock of await this.within(path)) await this.release(lock).catch(() => undefined);
  }
}

/** `Timeout: Second-600, Infinite`: the first acceptable, at most an hour. */
export function lockTimeout(header: string | undefined): number {
  for (const part of (header ?? '').split(',').map((p) => p.trim())) {
    const match = /^Second-(\d+)$/i.exec(part);
    if (match) return Math.max(1, Math.min(Number(match[1]), MAX_LOCK_SECONDS));
  }
  return MAX_LOCK_SECONDS;
}

/** One condition of an `If` list: a state token or an entity tag, maybe negated. */
export interface IfCondition {
  not: boolean;
  token?: string;
  etag?: string;
}
/** `If` header: lists of conditions, each for a resource (`tag`, an URL) or for the request's (undefined). */
export interface IfList {
  tag?: string;
  conditions: IfCondition[];
}

/** Parses an `If` header (RFC 4918 §10.4); null when it is malformed. */
export function parseIf(header: string): IfList[] | null {
  const lists: IfList[] = [];
  let rest = header.trim();
  let tag: string | undefined;
  while (rest.length > 0) {
    if (rest.startsWith('<')) {
      const end = rest.indexOf('>');
      if (end < 0) return null;
      tag = rest.slice(1, end);
      rest = rest.slice(end + 1).trim();
      continue;
    }
    if (!rest.startsWith('(')) return null;
    const close = rest.indexOf(')');
    if (close < 0) return null;
    let inner = rest.slice(1, close).trim();
    rest = rest.slice(close + 1).trim();
    const conditions: IfCondition[] = [];
    while (inner.length > 0) {
      let not = false;
      if (/^not\b/i.test(inner)) {
        not = true;
        inner = inner.slice(3).trim();
      }
      if (inner.startsWith('<')) {
        const end = inner.indexOf('>');
        if (end < 0) return null;
        conditions.push({ not, token: inner.slice(1, end) });
        inner = inner.slice(end + 1).trim();
      } else if (inner.startsWith('[')) {
        const end = inner.indexOf(']');
        if (end < 0) return null;
        conditions.push({ not, etag: inner.slice(1, end).replace(/^W\//, '') });
        inner = inner.slice(end + 1).trim();
      } else return null;
    }
    if (conditions.length === 0) return null;
    lists.push({ tag, conditions });
  }
  return lists.length > 0 ? lists : null;
}

/** Every state token an `If` header names: the lock tokens the request submits. */
export function submittedTokens(lists: readonly IfList[] | null): Set<string> {
  return new Set((lists ?? []).flatMap((list) => list.conditions.flatMap((c) => (c.token ? [c.token] : []))));
}

/**
 * Whether the `If` header holds: for each resource it names, one of its lists holds, where a list
 * holds when each condition does (a token held by a lock covering the resource, an ETag equal to
 * the resource's). `state(tag)` gives a named resource's path and ETag.
 */
export async function ifHolds(
  lists: readonly IfList[],
  state: (tag: string | undefined) => Promise<{ path: string; etag: string | null } | null>,
  locks: DavLocks,
): Promise<boolean> {
  const byResource = new Map<string | undefined, IfList[]>();
  for (const list of lists) byResource.set(list.tag, [...(byResource.get(list.tag) ?? []), list]);
  for (const [tag, group] of byResource) {
    const resource = await state(tag);
    const tokens = new Set(resource ? (await locks.covering(resource.path)).map((lock) => lock.token) : []);
    const holds = group.some((list) =>
      list.conditions.every((condition) => {
        const matched = condition.token
          ? tokens.has(condition.token)
          : resource?.etag != null && condition.etag === resource.etag;
        return condition.not ? !matched : matched;
      }),
    );
    if (!holds) return false;
  }
  return true;
}
