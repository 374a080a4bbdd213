// A small client for the CouchDB HTTP API, used for both Apache CouchDB and the embedded store.
// "Not found" comes back as null; every other failure is a StoreError carrying CouchDB's body.
// A store that cannot be reached (restarting, stalled) is a StoreError 503 `store_unavailable`.

export class StoreError extends Error {
  readonly status: number;
  readonly body: { error?: string; reason?: string };
  constructor(status: number, body: { error?: string; reason?: string }) {
    super(`store ${status}: ${body.error ?? ''} ${body.reason ?? ''}`.trim());
    this.status = status;
    this.body = body;
  }
}

/**
 * Answers meaning the store cannot serve now rather than that the request failed: a gateway or
 * load balancer before CouchDB saying it is down or slow. Like a refused connection, worth a retry.
 */
export function isUnavailableStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** The store did not answer: down, restarting, or slower than the request may wait. */
export function storeUnavailable(cause: unknown): StoreError {
  return new StoreError(503, { error: 'store_unavailable', reason: (cause as Error)?.message ?? String(cause) });
}

/**
 * Every path the server sends must reach the store exactly as built: a segment the WHATWG URL
 * parser would resolve (`.`, `..`, `%2e%2e`, …) or a `?`/`#` that would cut the path is a bug
 * upstream, and is refused here before any credentials leave the process.
 */
export function assertExactPath(path: string): void {
  const [pathname] = path.split('?', 1);
  const parsed = new URL(pathname!, 'http://store.invalid');
  if (parsed.pathname !== pathname || parsed.hash !== '' || parsed.search !== '') {
    throw new Error(`refusing a store path that does not stay as written: ${JSON.stringify(path)}`);
  }
}

/** Internal calls give up after this long; proxied feeds carry their own signal. */
const REQUEST_TIMEOUT_MS = 60_000;

/** Sees every request sent to the store, for tests that check what reaches it. */
export type StoreObserver = (request: { method: string; path: string; proxied: boolean }) => void;

export interface DocRef {
  id: string;
  rev: string;
}

export interface CouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  [key: string]: unknown;
}

export interface StoreRequest {
  method?: string;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export class CouchClient {
  readonly base: string;
  private readonly authorization: string | undefined;
  private readonly observers = new Set<StoreObserver>();

  constructor(url: string) {
    const parsed = new URL(url);
    // fetch refuses credentials inside URLs: turn them into a header.
    this.authorization =
      parsed.username || parsed.password
        ? 'Basic ' +
          Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString(
            'base64',
          )
        : undefined;
    parsed.username = '';
    parsed.password = '';
    this.base = parsed.toString().replace(/\/$/, '');
  }

  observe(observer: StoreObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  url(path: string, query?: StoreRequest['query']): string {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined) search.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    const qs = search.toString();
    return `${this.base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
  }

  /**
   * The raw response, for proxying. Adds admin credentials, and asks for an uncompressed answer:
   * a compressor holds back the small writes of change feeds (heartbeats, single changes).
   */
  async fetch(
    path: string,
    init: RequestInit & { query?: StoreRequest['query']; proxied?: boolean } = {},
  ): Promise<Response> {
    const { query, proxied = false, ...rest } = init;
    const fullPath = path.startsWith('/') ? path : `/${path}`;
    assertExactPath(fullPath);
    const headers = new Headers(rest.headers);
    if (this.authorization) headers.set('authorization', this.authorization);
    headers.set('accept-encoding', 'identity');
    for (const observer of this.observers) observer({ method: rest.method ?? 'GET', path: fullPath, proxied });
    try {
      return await fetch(this.url(fullPath, query), { ...rest, headers, redirect: 'manual' });
    } catch (error) {
      if (rest.signal?.aborted && (rest.signal.reason as Error)?.name !== 'TimeoutError') throw error;
      throw storeUnavailable(error);
    }
  }

  async request<T>(
    path: string,
    { method = 'GET', query, body, headers, signal }: StoreRequest = {},
  ): Promise<T | null> {
    const res = await this.fetch(path, {
      method,
      query,
      signal: signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let parsed: unknown;
    try {
      const text = await res.text();
      parsed = text ? JSON.parse(text) : null;
    } catch (error) {
      // Cut off mid-answer, or not JSON (a proxy's error page in front of CouchDB).
      throw storeUnavailable(error);
    }
    if (isUnavailableStatus(res.status)) throw storeUnavailable(JSON.stringify(parsed));
    // The store answered and failed (a bug of its own on this request): the same call would fail again.
    if (res.status >= 500) throw new StoreError(502, { error: 'store_error', reason: JSON.stringify(parsed) });
    if (res.status === 404 && method !== 'PUT' && method !== 'POST') return null;
    if (!res.ok) throw new StoreError(res.status, (parsed ?? {}) as { error?: string; reason?: string });
    return parsed as T;
  }

  async must<T>(path: string, options?: StoreRequest): Promise<T> {
    const result = await this.request<T>(path, options);
    if (result === null) throw new StoreError(404, { error: 'not_found', reason: path });
    return result;
  }

  get<T extends { _id: string } = CouchDoc>(db: string, id: string, query?: StoreRequest['query']): Promise<T | null> {
    return this.request<T>(`/${encodeURIComponent(db)}/${encodeDocId(id)}`, { query });
  }

  async put<T extends { _id: string; _rev?: string }>(db: string, doc: T): Promise<DocRef> {
    return this.must<DocRef>(`/${encodeURIComponent(db)}/${encodeDocId(doc._id)}`, { method: 'PUT', body: doc });
  }

  /**
   * Writes the document if the revision it carries is still the stored one (how an instance takes
   * a lease: of several writing at once, one wins). The document with its new revision, or null
   * when another writer came first.
   */
  async putIfCurrent<T extends { _id: string; _rev?: string }>(db: string, doc: T): Promise<T | null> {
    try {
      return { ...doc, _rev: (await this.put(db, doc)).rev };
    } catch (error) {
      if (isConflict(error)) return null;
      throw error;
    }
  }

  /**
   * Changes one document by reading it, changing it and writing it with the revision read; a write
   * by someone else meanwhile (409) is read again and the change made over it, up to `attempts`
   * times, after which the 409 is thrown. `change` gets the stored version (null when there is
   * none) and returns what to write, or null to write nothing; `known`, the stored version already
   * at hand, saves the first read. Resolves to the new revision, or null when nothing was written.
   */
  async update<T extends { _id: string; _rev?: string }>(
    db: string,
    id: string,
    change: (current: T | null) => T | null,
    { known, attempts = 5 }: { known?: T | null; attempts?: number } = {},
  ): Promise<DocRef | null> {
    let current = known !== undefined ? known : await this.get<T>(db, id);
    for (let attempt = 1; ; attempt++) {
      const next = change(current);
      if (!next) return null;
      try {
        return await this.put(db, next);
      } catch (error) {
        if (!isConflict(error) || attempt >= attempts) throw error;
        current = await this.get<T>(db, id);
      }
    }
  }

  async remove(db: string, id: string, rev: string): Promise<DocRef> {
    return this.must<DocRef>(`/${encodeURIComponent(db)}/${encodeDocId(id)}`, { method: 'DELETE', query: { rev } });
  }

  async find<T>(db: string, query: Record<string, unknown>): Promise<T[]> {
    const res = await this.must<{ docs: Array<T | null> }>(`/${encodeURIComponent(db)}/_find`, {
      method: 'POST',
      body: query,
    });
    // The embedded store reads an index's rows, then their documents: one deleted in between is
    // answered as null. CouchDB answers only the documents it read.
    return res.docs.filter((doc): doc is T => doc !== null && doc !== undefined);
  }

  /**
   * The documents whose ids start with `prefix` (`adj-`, `mem-`): a range of the primary index,
   * always current, with no index to build and no scan of the other documents.
   */
  async docsWithPrefix<T>(db: string, prefix: string): Promise<T[]> {
    const res = await this.must<{ rows: Array<{ doc?: T | null }> }>(`/${encodeURIComponent(db)}/_all_docs`, {
      query: { startkey: JSON.stringify(prefix), endkey: JSON.stringify(`${prefix}\ufff0`), include_docs: true },
    });
    return res.rows.flatMap((r) => (r.doc ? [r.doc] : []));
  }

  async view<K, V, D = unknown>(
    db: string,
    ddoc: string,
    view: string,
    query: StoreRequest['query'] = {},
  ): Promise<Array<{ id?: string; key: K; value: V; doc?: D }>> {
    // Keys are JSON in CouchDB's query string, strings included.
    const encoded = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [
        k,
        ['key', 'startkey', 'endkey', 'keys'].includes(k) ? JSON.stringify(v) : v,
      ]),
    );
    const res = await this.must<{ rows: Array<{ id?: string; key: K; value: V; doc?: D }> }>(
      `/${encodeURIComponent(db)}/_design/${ddoc}/_view/${view}`,
      { query: encoded },
    );
    return res.rows;
  }

  async databaseExists(db: string): Promise<boolean> {
    return (await this.request(`/${encodeURIComponent(db)}`)) !== null;
  }

  /** Creates the database; true when it was created now, false when it existed. */
  async createDatabase(db: string): Promise<boolean> {
    try {
      await this.must(`/${encodeURIComponent(db)}`, { method: 'PUT' });
      return true;
    } catch (error) {
      if (error instanceof StoreError && error.status === 412) return false;
      throw error;
    }
  }

  async deleteDatabase(db: string): Promise<void> {
    await this.request(`/${encodeURIComponent(db)}`, { method: 'DELETE' });
  }
}

export function encodeDocId(id: string): string {
  return id.startsWith('_design/') || id.startsWith('_local/')
    ? `${id.slice(0, id.indexOf('/'))}/${encodeURIComponent(id.slice(id.indexOf('/') + 1))}`
    : encodeURIComponent(id);
}

export function isConflict(error: unknown): boolean {
  return error instanceof StoreError && error.status === 409;
}
