import { request } from '../../../data/http-client.ts';

export interface CreatedSubGroup {
  ok: boolean;
  id: string;
  name: string;
  parent: string;
}

/** A sub-group of the Corporate group `parent`, by its Owner; the server sets `parent-account-id`. */
export function createSubGroup(parent: string, input: { name: string }): Promise<CreatedSubGroup> {
  return request('POST', `/api/groups/${encodeURIComponent(parent)}/subgroups`, { body: input });
}
