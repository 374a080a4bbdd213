import { request } from '../../../data/http-client.ts';
import type { Plan } from '../../../domain/groups.ts';

/** What the payment overlay opens with, as the server checked it (docs/billing.md "Checkout"). */
export interface CheckoutStart {
  price_id: string;
  group_plan: Plan;
  environment: 'sandbox' | 'production';
  client_token: string | null;
  customer: { id: string } | { email: string };
  custom_data: { account_id: string; livemode: boolean };
}

/** `POST /api/groups/{acc}/checkout`: 422 `{billing_email: ["is invalid"]}` without a billing e-mail. */
export function startCheckout(accountId: string, priceId: string): Promise<CheckoutStart> {
  return request<CheckoutStart>('POST', `/api/groups/${encodeURIComponent(accountId)}/checkout`, {
    body: { price_id: priceId },
  });
}
