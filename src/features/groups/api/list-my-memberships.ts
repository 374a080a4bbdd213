import { request } from '../../../data/http-client';
import type { Membership } from '../../../domain/groups';

/** The user's accepted memberships, from the copies the server keeps in their personal database. */
export async function listMyMemberships(userId: string): Promise<Membership[]> {
  const { docs } = await request<{ docs: Membership[] }>('POST', `/db/${encodeURIComponent(userId)}/_find`, {
    body: { selector: { klass: 'Membership', status: 'accepted' }, limit: 1000 },
    quiet: true,
  });
  return docs;
}
