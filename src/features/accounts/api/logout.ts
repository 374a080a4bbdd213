import { request, SESSION_PATH } from '../../../data/http-client.ts';

export function logout(): Promise<{ ok: boolean }> {
  return request('DELETE', SESSION_PATH);
}
