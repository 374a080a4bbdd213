import { request, SESSION_PATH } from '../../../data/http-client.ts';
import type { UserContext } from '../../../domain/user.ts';

export interface SessionInfo {
  ok: boolean;
  userCtx: UserContext;
  info?: { authenticated?: 'cookie' | 'bearer' };
}

export function getSession(): Promise<SessionInfo> {
  return request<SessionInfo>('GET', SESSION_PATH);
}
