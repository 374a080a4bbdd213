import { request } from '../../../data/http-client.ts';
import { PUBLIC_USER_FIELDS, type PublicUser } from '../../../domain/user.ts';

export function loadUser(name: string): Promise<PublicUser> {
  return request<PublicUser>('GET', `/db/_users/${encodeURIComponent(name)}`, {
    query: { fields: PUBLIC_USER_FIELDS.join(',') },
  });
}
