import { request } from '../../../data/http-client';
import type { PublicUser } from '../../../domain/user';

const USER_FIELDS: readonly (keyof PublicUser)[] = [
  '_id',
  '_rev',
  'name',
  'fullname',
  'short_name',
  'label',
  'email',
  'unconfirmed_email',
  'confirmed_at',
  'confirmation_sent_at',
  'newsletter',
  'locale',
  'gravatar_hash',
  'roles',
  'created_at',
  'updated_at',
];

export function loadUser(name: string): Promise<PublicUser> {
  return request<PublicUser>('GET', `/db/_users/${encodeURIComponent(name)}`, {
    query: { fields: USER_FIELDS.join(',') },
  });
}
