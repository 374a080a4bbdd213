import { request } from '../../../data/http-client';

export function deactivateToken(id: string): Promise<{ ok: boolean }> {
  return request('DELETE', `/api/tokens/${encodeURIComponent(id)}`);
}
