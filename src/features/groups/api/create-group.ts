import { request } from '../../../data/http-client.ts';
import type { AppKind } from '../../../domain/groups.ts';

export interface CreatedGroup {
  ok: boolean;
  id: string;
  name: string;
  kind: AppKind;
}

export function createGroup(input: { name: string; kind: AppKind; currency: string }): Promise<CreatedGroup> {
  return request('POST', '/api/groups', { body: input });
}
