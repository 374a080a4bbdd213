import { request } from '../../../data/http-client';
import type { Membership } from '../../../domain/groups';

export async function listMemberships(accountId: string): Promise<Membership[]> {
  const { docs } = await request<{ docs: Membership[] }>('POST', `/db/${encodeURIComponent(accountId)}/_find`, {
    body: { selector: { klass: 'Membership' }, limit: 10_000 },
  });
  return docs;
}
