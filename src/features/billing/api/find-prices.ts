import { request } from '../../../data/http-client.ts';
import type { PlanPrice } from '../../../domain/billing.ts';

/** The active plan prices (spec 000 §7 `POST /prices/_find`); 503 `payments_not_configured` without Paddle. */
export async function findPrices(): Promise<PlanPrice[]> {
  const found = await request<{ docs: PlanPrice[] }>('POST', '/db/prices/_find', {
    body: { selector: { active: true } },
  });
  return found.docs;
}
