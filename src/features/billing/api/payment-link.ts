import { request } from '../../../data/http-client.ts';

/**
 * Asks for a link to change the subscription's payment details (spec 000: the payment-edit link):
 * the server prepares it with the provider in the background and e-mails it to the caller.
 */
export async function askPaymentLink(accountId: string): Promise<void> {
  await request('POST', `/api/groups/${encodeURIComponent(accountId)}/payment-link`);
}
