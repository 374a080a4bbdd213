// A small client for the CouchDB HTTP API, used for both Apache CouchDB and the embedded store.
// "Not found" comes back as null; every other failure is a StoreError carrying CouchDB's body.

export class StoreError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; reason?: string },
  ) {
    super(`store ${status}: ${body.error ?? ''} ${body.reason ?? ''}`.trim());
  }
}

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

  url(path: string, query?: StoreRequest['query']): string {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined) search.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    const qs = search.toString();
    return `${this.base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
  }

  /** The raw response, for proxying. Adds admin credentials. */
  fetch(path: string, init: RequestInit & { query?: StoreRequest['query'] } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.authorization) headers.set('authorization', this.authorization);
    return fetch(this.url(path, init.query), { ...init, headers, redirect: 'manual' });
  }

  async request<T>(
    path: string,
    { method = 'GET', query, body, headers, signal }: StoreRequest = {},
  ): Promise<T | null> {
    const res = await this.fetch(path, {
      method,
      query,
      signal,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
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

  async remove(db: string, id: string, rev: string): Promise<DocRef> {
    return this.must<DocRef>(`/${encodeURIComponent(db)}/${encodeDocId(id)}`, { method: 'DELETE', query: { rev } });
  }

  async find<T>(db: string, query: Record<string, unknown>): Promise<T[]> {
    const res = await this.must<{ docs: T[] }>(`/${encodeURIComponent(db)}/_find`, { method: 'POST', body: query });
    return res.docs;
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
