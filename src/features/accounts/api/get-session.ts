import { request, SESSION_PATH } from '../../../data/http-client';
import type { UserContext } from '../../../domain/user';

export interface SessionInfo {
  ok: boolean;
  userCtx: UserContext;
  info?: { authenticated?: 'cookie' | 'bearer' };
}

export function getSession(): Promise<SessionInfo> {
  return request<SessionInfo>('GET', SESSION_PATH);
}
