import { isApiError } from '../../../data/api-error.ts';
import { request, SESSION_PATH } from '../../../data/http-client.ts';
import { judgeSessionAnswer, type SessionVerdict } from '../../../data/session-answer.ts';
import type { UserContext } from '../../../domain/user.ts';

export interface SessionInfo {
  ok: boolean;
  userCtx: UserContext;
  info?: { authenticated?: 'cookie' | 'bearer' };
}

export function getSession(): Promise<SessionInfo> {
  return request<SessionInfo>('GET', SESSION_PATH);
}

/** The session check's verdict: signed in, signed out, or unknown (the server said nothing of it). */
export async function checkSession(): Promise<SessionVerdict> {
  try {
    // A successful answer's body as it came: JSON, or the text of a page that is not.
    return judgeSessionAnswer(200, await getSession());
  } catch (error) {
    if (isApiError(error)) return judgeSessionAnswer(error.status, undefined);
    throw error;
  }
}
