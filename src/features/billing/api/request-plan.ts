import { request } from '../../../data/http-client.ts';
import type { PlanRequest } from '../../../domain/billing.ts';

/** Switch to free or cancel (spec 000 §7): the server checks the limit and the 24-hour lock. */
export async function requestPlan(accountId: string, plan: PlanRequest): Promise<void> {
  const db = encodeURIComponent(accountId);
  await request('PUT', `/db/${db}/_design/subscription/_update/${plan}/${db}`);
}
