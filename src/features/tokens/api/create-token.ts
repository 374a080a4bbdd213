import { request } from '../../../data/http-client.ts';
import type { TokenPermission } from '../../../domain/user.ts';
import type { UserToken } from './list-tokens.ts';

/** `token` is the secret itself; the server shows it in this answer only. */
export type CreatedToken = UserToken & { token: string };

export function createToken(input: { description: string; permissions: TokenPermission }): Promise<CreatedToken> {
  return request('POST', '/api/tokens', { body: input });
}
