import { request } from '../../../data/http-client.ts';
import type { TokenPermission } from '../../../domain/user.ts';

export interface UserToken {
  id: string;
  description: string;
  permissions: TokenPermission;
  active: boolean;
  created_at: string;
}

export async function listTokens(): Promise<UserToken[]> {
  const { tokens } = await request<{ tokens: UserToken[] }>('GET', '/api/tokens');
  return tokens;
}
