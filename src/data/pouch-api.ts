// Types for the slice of PouchDB used by src/data (see pouchdb-modules.d.ts).

export interface PouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
  [key: string]: unknown;
}

export interface PutResult {
  ok: boolean;
  id: string;
  rev: string;
}

export interface ChangeResult {
  id: string;
  seq: number | string;
  deleted?: boolean;
  changes: Array<{ rev: string }>;
  doc?: PouchDoc;
}

/** A change feed: live ones emit events, one-off ones also resolve with their results. */
export interface ChangesHandle extends Promise<{ results: ChangeResult[]; last_seq: number | string }> {
  on(
    event: 'change',
    listener: (change: { id: string; seq: number | string; deleted?: boolean; doc?: PouchDoc }) => void,
  ): ChangesHandle;
  on(event: 'error' | 'complete', listener: (info: unknown) => void): ChangesHandle;
  cancel(): void;
}

export interface ReplicationResult {
  ok: boolean;
  docs_read: number;
  docs_written: number;
  doc_write_failures: number;
  errors: unknown[];
  last_seq: number | string;
}

export interface ReplicationChange {
  docs: PouchDoc[];
  docs_written: number;
  last_seq: number | string;
}

export interface Replication extends Promise<ReplicationResult> {
  on(event: 'change', listener: (info: ReplicationChange) => void): Replication;
  on(event: string, listener: (info: unknown) => void): Replication;
  cancel(): void;
}

export interface SyncReplication {
  on(
    event: 'change',
    listener: (info: { direction: 'push' | 'pull'; change: ReplicationChange }) => void,
  ): SyncReplication;
  on(event: 'paused' | 'denied' | 'error' | 'complete', listener: (error?: unknown) => void): SyncReplication;
  on(event: 'active', listener: () => void): SyncReplication;
  cancel(): void;
}

export interface ReplicateOptions {
  live?: boolean;
  retry?: boolean;
  batch_size?: number;
  batches_limit?: number;
  filter?: (doc: PouchDoc) => boolean;
}

export interface ViewOptions {
  group_level?: number;
  group?: boolean;
  reduce?: boolean;
  key?: unknown;
  keys?: unknown[];
  startkey?: unknown;
  endkey?: unknown;
  include_docs?: boolean;
  limit?: number;
  skip?: number;
  descending?: boolean;
}

export interface FindRequest {
  selector: Record<string, unknown>;
  sort?: Array<Record<string, 'asc' | 'desc'> | string>;
  limit?: number;
  skip?: number;
  fields?: string[];
}

export interface Database {
  readonly name: string;
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
  get(
    id: string,
    options?: { conflicts?: boolean; rev?: string; revs?: boolean; open_revs?: 'all' | string[] },
  ): Promise<PouchDoc>;
  put(doc: PouchDoc): Promise<PutResult>;
  remove(id: string, rev: string): Promise<PutResult>;
  bulkDocs(
    docs: PouchDoc[],
    options?: { new_edits?: boolean },
  ): Promise<Array<PutResult | { error: string; id: string }>>;
  allDocs(options?: {
    include_docs?: boolean;
    keys?: string[];
    startkey?: string;
    endkey?: string;
    limit?: number;
  }): Promise<{ total_rows: number; rows: Array<{ id: string; key: string; value: { rev: string }; doc?: PouchDoc }> }>;
  changes(options: {
    since?: number | string | 'now';
    live?: boolean;
    include_docs?: boolean;
    limit?: number;
    descending?: boolean;
  }): ChangesHandle;
  find(request: FindRequest): Promise<{ docs: PouchDoc[] }>;
  revsDiff(revs: Record<string, string[]>): Promise<Record<string, { missing?: string[] }>>;
  createIndex(index: { index: { fields: string[]; name?: string } }): Promise<{ result: string }>;
  query(
    view: string,
    options?: ViewOptions,
  ): Promise<{ rows: Array<{ key: unknown; value: unknown; id?: string; doc?: PouchDoc }> }>;
  replicate: {
    to(target: Database | string, options?: ReplicateOptions): Replication;
    from(source: Database | string, options?: ReplicateOptions): Replication;
  };
  sync(
    remote: Database | string,
    options?: { live?: boolean; retry?: boolean; push?: ReplicateOptions; pull?: ReplicateOptions },
  ): SyncReplication;
  destroy(): Promise<unknown>;
  close(): Promise<unknown>;
}

export interface PouchStatic {
  new (name: string, options?: Record<string, unknown>): Database;
  plugin(plugin: unknown): PouchStatic;
  fetch(url: string | Request, init?: RequestInit): Promise<Response>;
}
