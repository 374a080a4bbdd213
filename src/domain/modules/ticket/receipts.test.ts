import { describe, expect, it } from 'vitest';
import { FieldErrors } from '../../errors.ts';
import { tickets } from './records.ts';
import { validateRecord } from '../../records/schema.ts';
import {
  checkReceipts,
  contractReceiptState,
  customerPhones,
  isReceiptKind,
  MAX_SIGNATURE_BYTES,
  storedReceipt,
  validateSignedReceipt,
} from './receipts.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
const receipt = { date: '2026-11-22', legible_name: 'Joana Conceição', signature: PNG };

describe('isReceiptKind', () => {
  it('knows the two-copy service receipt and the contract receipt', () => {
    expect(isReceiptKind('service')).toBe(true);
    expect(isReceiptKind('contract')).toBe(true);
    expect(isReceiptKind('other')).toBe(false);
    expect(isReceiptKind(undefined)).toBe(false);
  });
});

describe('validateSignedReceipt', () => {
  it('accepts a dated, named PNG signature', () => {
    expect(validateSignedReceipt(receipt).hasErrors).toBe(false);
  });

  it('wants a legible name, a real date and a signature', () => {
    expect(validateSignedReceipt({ legible_name: '  ', date: '', signature: '' }).reasons).toEqual({
      legible_name: ["can't be blank"],
      date: ["can't be blank"],
      signature: ["can't be blank"],
    });
    expect(validateSignedReceipt({ ...receipt, date: '2026-02-30' }).reasons).toEqual({ date: ['is invalid'] });
    expect(validateSignedReceipt({ ...receipt, date: '22/11/2026' }).reasons).toEqual({ date: ['is invalid'] });
    expect(validateSignedReceipt({ ...receipt, legible_name: 'x'.repeat(256) }).reasons).toEqual({
      legible_name: ['is too long'],
    });
  });

  it('takes only PNG data URLs under 200 KB', () => {
    for (const signature of ['data:image/jpeg;base64,AAAA', 'https://example.com/a.png', 'data:image/png;base64,<>'])
      expect(validateSignedReceipt({ ...receipt, signature }).reasons).toEqual({ signature: ['is invalid'] });
    const big = `data:image/png;base64,${'A'.repeat(MAX_SIGNATURE_BYTES)}`;
    expect(validateSignedReceipt({ ...receipt, signature: big }).reasons).toEqual({ signature: ['is too long'] });
    expect(validateSignedReceipt({ ...receipt, signature: 42 }).reasons).toEqual({ signature: ["can't be blank"] });
  });
});

describe('checkReceipts', () => {
  const check = (contract_receipt: unknown) => {
    const errors = new FieldErrors();
    checkReceipts({ contract_receipt }, errors);
    return errors.reasons;
  };

  it('lets a ticket have no receipt, or a whole one', () => {
    expect(check(undefined)).toEqual({});
    expect(check(null)).toEqual({});
    expect(check(receipt)).toEqual({});
  });

  it('refuses a receipt that is not an object, and names each bad part by its path', () => {
    expect(check('signed')).toEqual({ contract_receipt: ['is invalid'] });
    expect(check([receipt])).toEqual({ contract_receipt: ['is invalid'] });
    expect(check({ date: '2026-13-01', signature: 'data:image/gif;base64,AAAA' })).toEqual({
      'contract_receipt.legible_name': ["can't be blank"],
      'contract_receipt.date': ['is invalid'],
      'contract_receipt.signature': ['is invalid'],
    });
  });

  it('is the tickets spec’s record check, so the device and the server refuse alike', () => {
    const ticket = { title: 'Fan', status: 'open', priority: 'medium', ticket_kind: 'chore' };
    expect(validateRecord(tickets, ticket).hasErrors).toBe(false);
    expect(validateRecord(tickets, { ...ticket, contract_receipt: receipt }).hasErrors).toBe(false);
    expect(validateRecord(tickets, { ...ticket, contract_receipt: { ...receipt, legible_name: '' } }).reasons).toEqual({
      'contract_receipt.legible_name': ["can't be blank"],
    });
  });

  it('checks the signed service receipt the same way', () => {
    const errors = new FieldErrors();
    checkReceipts({ service_receipt: receipt, contract_receipt: receipt }, errors);
    expect(errors.reasons).toEqual({});
    checkReceipts({ service_receipt: { ...receipt, signature: '' } }, errors);
    expect(errors.reasons).toEqual({ 'service_receipt.signature': ["can't be blank"] });
  });
});

describe('storedReceipt and contractReceiptState', () => {
  const withContract = { contract_id: 'cnt-00000000-0000-4000-8000-000000000001' };

  it('reads a valid stored receipt, and nothing else', () => {
    expect(storedReceipt({ contract_receipt: receipt }, 'contract')).toEqual(receipt);
    expect(storedReceipt({ contract_receipt: { ...receipt, signature: 'x' } }, 'contract')).toBeNull();
    expect(storedReceipt({ contract_receipt: 'signed' }, 'contract')).toBeNull();
    expect(storedReceipt({}, 'contract')).toBeNull();
    // Each kind has its own: the service receipt's signature is not the contract's.
    expect(storedReceipt({ service_receipt: receipt }, 'service')).toEqual(receipt);
    expect(storedReceipt({ service_receipt: receipt }, 'contract')).toBeNull();
    expect(contractReceiptState({ service_receipt: receipt }, 'always')).toBe('pending');
  });

  it('asks tickets with a contract on demand, and every ticket when always', () => {
    expect(contractReceiptState({}, 'on-demand')).toBe('not-required');
    expect(contractReceiptState({}, undefined)).toBe('not-required');
    expect(contractReceiptState(withContract, 'on-demand')).toBe('pending');
    expect(contractReceiptState(withContract, undefined)).toBe('pending');
    expect(contractReceiptState({}, 'always')).toBe('pending');
    expect(contractReceiptState({ ...withContract, contract_receipt: receipt }, 'on-demand')).toBe('signed');
    expect(contractReceiptState({ contract_receipt: receipt }, 'always')).toBe('signed');
    // Signed although not asked for (or asked under a mode since changed): still signed.
    expect(contractReceiptState({ contract_receipt: receipt }, 'on-demand')).toBe('signed');
  });
});

describe('customerPhones', () => {
  it('lists the main phone first and skips blanks', () => {
    expect(
      customerPhones({
        phones: [{ number: '111' }, { number: ' ' }, { number: '222', main: true }, 'junk', { number: 3 }],
      }),
    ).toEqual(['222', '111']);
    expect(customerPhones(null)).toEqual([]);
    expect(customerPhones({ phones: 'x' })).toEqual([]);
  });
});
