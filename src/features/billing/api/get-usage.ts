import { request } from '../../../data/http-client.ts';
import type { UsageDay } from '../../../domain/usage.ts';

/** The group's daily usage snapshots, oldest first (`GET /api/groups/{acc}/usage`). */
export async function getUsage(accountId: string): Promise<UsageDay[]> {
  return (await request<{ days: UsageDay[] }>('GET', `/api/groups/${encodeURIComponent(accountId)}/usage`)).days;
}
