import { request } from '../../../data/http-client.ts';

/** The person's e-mail, the WebDAV user name (their own record; online only). */
export async function ownEmail(userId: string): Promise<string | null> {
  const user = await request<{ email?: string }>('GET', `/db/_users/${encodeURIComponent(userId)}`, {
    query: { fields: 'email' },
    quiet: true,
  });
  return user.email ?? null;
}
