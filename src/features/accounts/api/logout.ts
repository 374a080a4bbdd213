import { request, SESSION_PATH } from '../../../data/http-client';

export function logout(): Promise<{ ok: boolean }> {
  return request('DELETE', SESSION_PATH);
}
