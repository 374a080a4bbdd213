// Ticket receipts (spec 001 §2 "ticket receipts", §3 "Contract receipt: date, legible name,
// signature", §5): which receipts a ticket has, and the signed receipts it stores. Both kinds can
// be signed on the screen (`contract_receipt`, `service_receipt`): a shop's customer signs the
// service receipt as often as the contract one. The tickets spec has no form field for them: its
// record check (checkReceipts) is the one place that says what a stored receipt must be.
import { FIELD_MESSAGES as M, FieldErrors } from '../../errors.ts';
import { isValidDate } from '../../records/schema.ts';
import { receiptRequired } from './tickets.ts';

export const RECEIPT_KINDS = ['service', 'contract'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export function isReceiptKind(value: unknown): value is ReceiptKind {
  return typeof value === 'string' && (RECEIPT_KINDS as readonly string[]).includes(value);
}

/** The ticket's field holding the signed receipt of a kind. */
export function receiptField(kind: ReceiptKind): `${ReceiptKind}_receipt` {
  return `${kind}_receipt`;
}

/** What a ticket stores once its customer has signed: `ticket.contract_receipt`, `ticket.service_receipt`. */
export interface SignedReceipt {
  /** YYYY-MM-DD. */
  date: string;
  legible_name: string;
  /** A PNG as a data URL. */
  signature: string;
}

/** The signature pad draws at this size (3:1): small enough to sync, large enough to print. */
export const SIGNATURE_SIZE = { width: 600, height: 200 } as const;
/** A signature is a few strokes: a PNG this big is not one, and would weigh on every sync. */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
export const MAX_LEGIBLE_NAME = 255;

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** Checks a receipt before it is saved; the reasons use the standard field messages. */
export function validateSignedReceipt(input: Readonly<Record<string, unknown>>): FieldErrors {
  const errors = new FieldErrors();
  const name = typeof input.legible_name === 'string' ? input.legible_name.trim() : '';
  if (!name) errors.add('legible_name', M.blank);
  else if (name.length > MAX_LEGIBLE_NAME) errors.add('legible_name', M.tooLong);

  if (typeof input.date !== 'string' || input.date === '') errors.add('date', M.blank);
  else if (!isValidDate(input.date)) errors.add('date', M.invalid);

  const signature = input.signature;
  if (typeof signature !== 'string' || signature === '') errors.add('signature', M.blank);
  else if (signature.length >= MAX_SIGNATURE_BYTES) errors.add('signature', M.tooLong);
  else if (!PNG_DATA_URL.test(signature)) errors.add('signature', M.invalid);
  return errors;
}

/**
 * The tickets spec's record check: a ticket may have no receipt yet, but one it stores must be
 * whole. Reasons are keyed by path (`contract_receipt.signature`), as rows' columns are.
 */
export function checkReceipts(ticket: Readonly<Record<string, unknown>>, errors: FieldErrors): void {
  for (const kind of RECEIPT_KINDS) {
    const field = receiptField(kind);
    const receipt = ticket[field];
    if (receipt === undefined || receipt === null) continue;
    if (typeof receipt !== 'object' || Array.isArray(receipt)) {
      errors.add(field, M.invalid);
      continue;
    }
    const found = validateSignedReceipt(receipt as Record<string, unknown>).reasons;
    for (const [name, messages] of Object.entries(found))
      for (const message of messages) errors.add(`${field}.${name}`, message);
  }
}

/** The ticket's signed receipt of a kind, or null while there is none (or what is stored is not one). */
export function storedReceipt(ticket: Readonly<Record<string, unknown>>, kind: ReceiptKind): SignedReceipt | null {
  const receipt = ticket[receiptField(kind)];
  if (typeof receipt !== 'object' || receipt === null || Array.isArray(receipt)) return null;
  const fields = receipt as Record<string, unknown>;
  if (validateSignedReceipt(fields).hasErrors) return null;
  return {
    date: fields.date as string,
    legible_name: (fields.legible_name as string).trim(),
    signature: fields.signature as string,
  };
}

export type ContractReceiptState = 'not-required' | 'pending' | 'signed';

/**
 * Whether the ticket owes a contract receipt under the group's `contract-receipt` mode. A signed
 * one counts as signed whatever the mode says now (it may have changed since), so it stays in reach.
 */
export function contractReceiptState(
  ticket: Readonly<Record<string, unknown>>,
  mode: string | undefined,
): ContractReceiptState {
  if (storedReceipt(ticket, 'contract')) return 'signed';
  const contractId = typeof ticket.contract_id === 'string' ? ticket.contract_id : null;
  return receiptRequired({ contract_id: contractId }, mode ?? 'on-demand') ? 'pending' : 'not-required';
}

/** A customer's phone numbers, the main one first, blanks left out. */
export function customerPhones(customer: Readonly<Record<string, unknown>> | null | undefined): string[] {
  const rows = Array.isArray(customer?.phones) ? (customer.phones as unknown[]) : [];
  return rows
    .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    .map((row, index) => ({ row, index }))
    .sort((a, b) => Number(b.row.main === true) - Number(a.row.main === true) || a.index - b.index)
    .map(({ row }) => (typeof row.number === 'string' ? row.number.trim() : ''))
    .filter((number) => number !== '');
}
