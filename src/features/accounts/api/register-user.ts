import { request } from '../../../data/http-client.ts';
import { newId } from '../../../domain/ids.ts';
import type { Locale } from '../../../domain/locale.ts';

export interface RegistrationInput {
  fullname: string;
  unconfirmed_email: string;
  password: string;
  locale: Locale;
}

/** The server answers with the session cookie set, so the caller only has to load the session. */
export function registerUser(input: RegistrationInput): Promise<{ ok: boolean; id: string; rev: string }> {
  return request('POST', '/db/_users', { body: { _id: newId('User'), ...input } });
}
