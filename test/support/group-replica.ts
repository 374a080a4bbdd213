// A group's copy on the device as its first sync leaves it: the design documents the server
// deploys (their views: search, counts by kind) are in it, so lists and pickers can query it.
import { inject } from 'vitest';
import { localDb } from '../../src/data/databases.ts';
import { newId } from '../../src/domain/ids.ts';

export async function groupReplica(): Promise<string> {
  const name = newId('Account');
  await localDb(name).bulkDocs(inject('groupDesignDocs').map((ddoc) => ({ ...ddoc })) as never[]);
  return name;
}
