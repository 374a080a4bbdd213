import { type ResourceEnv, writeOptions } from '../../../components/resource/resource-env.ts';
import { validationError } from '../../../data/api-error.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { getRecord } from '../../../data/records.ts';
import { writeRecord } from '../../../data/resource-writes.ts';
import { FIELD_MESSAGES } from '../../../domain/errors.ts';
import {
  type ReceiptKind,
  receiptField,
  type SignedReceipt,
  validateSignedReceipt,
} from '../../../domain/modules/ticket/receipts.ts';
import { tickets } from '../../../domain/modules/ticket/records.ts';

/**
 * Stores the signed receipt on the ticket, in the device's replica: it syncs like any edit, so a
 * customer can sign where there is no signal. The ticket is read again right before writing, so
 * an edit made meanwhile on this device is kept rather than refused as a conflict.
 */
export async function saveSignedReceipt(
  env: ResourceEnv,
  ticketId: string,
  kind: ReceiptKind,
  receipt: SignedReceipt,
): Promise<PouchDoc> {
  const signed = { ...receipt, legible_name: receipt.legible_name.trim() };
  const errors = validateSignedReceipt(signed);
  if (errors.hasErrors) throw validationError(errors.reasons);
  const stored = await getRecord<PouchDoc>(env.accountId, ticketId);
  if (!stored || stored.klass !== 'Ticket') throw validationError({ ticket: [FIELD_MESSAGES.notFound] });
  const { _conflicts: _ignored, ...ticket } = stored;
  return writeRecord(env.accountId, tickets, { ...ticket, [receiptField(kind)]: signed }, writeOptions(env));
}
