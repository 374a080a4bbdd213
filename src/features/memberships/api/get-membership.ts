import { isApiError } from '../../../data/api-error';
import { request } from '../../../data/http-client';
import type { Membership } from '../../../domain/groups';

/** One membership of the group; null when it does not exist (or was deleted). */
export async function getMembership(accountId: string, membershipId: string): Promise<Membership | null> {
  try {
    const doc = await request<Membership>(
      'GET',
      `/db/${encodeURIComponent(accountId)}/${encodeURIComponent(membershipId)}`,
    );
    return doc.klass === 'Membership' ? doc : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
