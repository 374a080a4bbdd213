import { request } from '../../../data/http-client.ts';
import type { PublicUser } from '../../../domain/user.ts';

export interface ProfileInput {
  fullname: string;
  /** Sent only when the address changes: the server then mails a confirmation link. */
  unconfirmed_email?: string;
  current_password: string;
}

export interface PasswordInput {
  password: string;
  password_confirmation: string;
  current_password: string;
}

type UserRef = Pick<PublicUser, '_id' | '_rev'>;

function putUser(user: UserRef, body: object): Promise<{ ok: boolean; id: string; rev: string }> {
  return request('PUT', `/db/_users/${encodeURIComponent(user._id)}`, {
    query: { rev: user._rev },
    body: { ...body, return_url: window.location.origin },
  });
}

export function updateProfile(user: UserRef, input: ProfileInput) {
  return putUser(user, input);
}

export function changePassword(user: UserRef, input: PasswordInput) {
  return putUser(user, input);
}

export interface MailPreferencesInput {
  newsletter: boolean;
  newsletter_topics: string[];
  weekly_summary: boolean;
}

/** E-mail choices alone need no password: the e-mails' signed link allows as much with no session. */
export function updateMailPreferences(user: UserRef, input: MailPreferencesInput) {
  return putUser(user, input);
}
