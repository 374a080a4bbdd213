import { request } from '../../../data/http-client.ts';

/** Always accepted: the answer reveals nothing about which addresses exist. */
export function requestConfirmation(email: string): Promise<{ ok: boolean }> {
  return request('POST', '/api/confirmation', { body: { email } });
}
