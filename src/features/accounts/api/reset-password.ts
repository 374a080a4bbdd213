import { request } from '../../../data/http-client.ts';

export interface ResetPasswordInput {
  token: string;
  password: string;
  password_confirmation: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<{ ok: boolean }> {
  return request('PUT', '/api/password', { body: input });
}
