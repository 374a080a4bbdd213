import { request } from '../../../data/http-client.ts';

export function confirmEmail(token: string): Promise<{ ok: boolean; email: string }> {
  return request('POST', `/api/confirmation/${encodeURIComponent(token)}`);
}
