import { request } from '../../../data/http-client.ts';

export function toggleBookmark(userId: string, membershipId: string, bookmark: boolean): Promise<{ ok: boolean }> {
  return request(
    'PUT',
    `/db/${encodeURIComponent(userId)}/_design/bookmark/_update/${bookmark}/${encodeURIComponent(membershipId)}`,
  );
}
