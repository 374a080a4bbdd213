import { request } from '../../../data/http-client';
import { PUBLIC_USER_FIELDS, type PublicUser } from '../../../domain/user';

export function loadUser(name: string): Promise<PublicUser> {
  return request<PublicUser>('GET', `/db/_users/${encodeURIComponent(name)}`, {
    query: { fields: PUBLIC_USER_FIELDS.join(',') },
  });
}
