import { request, SESSION_PATH } from '../../../data/http-client.ts';

export interface LoginInput {
  username: string;
  password: string;
  remember?: boolean;
}

export function login(input: LoginInput): Promise<{ ok: boolean; name: string; roles: string[] }> {
  return request('POST', SESSION_PATH, { body: input });
}
