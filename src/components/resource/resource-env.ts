import type { ResourceSpec } from '../../domain/records/schema.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import type { WriteOptions } from '../../data/resource-writes.ts';

export interface Member {
  id: string;
  name: string;
}

/** What the generic resource screens need from the group and the session, composed in src/app. */
export interface ResourceEnv {
  /** The group's database, `acc-<uuid>`. */
  accountId: string;
  userId: string;
  /** Group features switched on (checklist, maintenance, …). */
  features: ReadonlySet<string>;
  members: readonly Member[];
  settings: Readonly<Record<string, string>>;
}

/** What a module adds to the generic screens of one resource. */
export interface ResourceHooks {
  /** Before a save: fills what the product computes (a record's number, a list it takes from another record). */
  prepare?: (doc: PouchDoc, context: { isNew: boolean; env: ResourceEnv }) => Promise<PouchDoc>;
  /** After a save: writes related records (equipment related to its customer). */
  afterSave?: (
    doc: PouchDoc,
    context: { isNew: boolean; env: ResourceEnv; form: Record<string, unknown> },
  ) => Promise<void>;
}

export function resourcePath(
  env: Pick<ResourceEnv, 'accountId'>,
  spec: Pick<ResourceSpec, 'resource'>,
  tail = '',
): string {
  return `/account/${env.accountId}/${spec.resource}${tail}`;
}

/** Who writes and under which group settings: what every write of a record is judged with. */
export function writeOptions(env: Pick<ResourceEnv, 'userId' | 'features' | 'settings'>): WriteOptions {
  return { userId: env.userId, features: env.features, settings: env.settings };
}
