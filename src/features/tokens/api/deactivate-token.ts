import { request } from '../../../data/http-client.ts';

export function deactivateToken(id: string): Promise<{ ok: boolean }> {
  return request('DELETE', `/api/tokens/${encodeURIComponent(id)}`);
}
