import { describe, expect, it } from 'vitest';
import { comments, tickets } from './records.ts';
import { validateRecord } from '../../records/schema.ts';
import {
  changeStatus,
  checklistForSave,
  checklistOf,
  CLOSED_TICKET_ONLY_REOPENS,
  equipmentCustomerToRelate,
  newComment,
  RECEIPT_BEFORE_DONE,
  statusEditError,
  tickChecklistItem,
  ticketChangeErrors,
} from './ticket-edits.ts';

const CATEGORY = 'ctg-00000000-0000-4000-8000-000000000001';
const OTHER_CATEGORY = 'ctg-00000000-0000-4000-8000-000000000002';
const CUSTOMER = 'cus-00000000-0000-4000-8000-000000000001';
const EQUIPMENT = 'eqi-00000000-0000-4000-8000-000000000001';
const USER = 'usr-00000000-0000-4000-8000-000000000001';
const TICKET = 'tik-00000000-0000-4000-8000-000000000001';

describe('checklistOf', () => {
  it('reads stored items and skips what is not one', () => {
    expect(
      checklistOf({
        checklist: [{ item: 'Clean', done: true }, { item: 'Test' }, { item: ' ' }, null, 'x', { done: true }],
      }),
    ).toEqual([
      { item: 'Clean', done: true },
      { item: 'Test', done: false },
    ]);
    expect(checklistOf({ checklist: 'Clean' })).toEqual([]);
    expect(checklistOf(null)).toEqual([]);
  });
});

describe('checklistForSave', () => {
  it("gives a new ticket its category's items, unticked", () => {
    expect(checklistForSave(null, { category_id: CATEGORY }, 'Clean\n\nTest\nClean')).toEqual([
      { item: 'Clean', done: false },
      { item: 'Test', done: false },
    ]);
  });

  it('leaves a new ticket without a category, or whose category is gone, alone', () => {
    expect(checklistForSave(null, {}, null)).toBeUndefined();
    expect(checklistForSave(null, { category_id: CATEGORY }, null)).toBeUndefined();
  });

  it('merges on a change of category, keeping the ticks both lists share', () => {
    const before = {
      category_id: CATEGORY,
      checklist: [
        { item: 'Clean', done: true },
        { item: 'Oil', done: true },
      ],
    };
    expect(checklistForSave(before, { ...before, category_id: OTHER_CATEGORY }, 'Test\nClean')).toEqual([
      { item: 'Test', done: false },
      { item: 'Clean', done: true },
    ]);
  });

  it('keeps the checklist when the category stays or is cleared', () => {
    const before = { category_id: CATEGORY, checklist: [{ item: 'Clean', done: true }] };
    expect(checklistForSave(before, { ...before, title: 'New title' }, 'Other')).toBeUndefined();
    expect(checklistForSave(before, { checklist: before.checklist }, null)).toBeUndefined();
  });
});

describe('statusEditError', () => {
  it('refuses moving a closed ticket anywhere but open', () => {
    expect(statusEditError({ status: 'done' }, { status: 'doing' })).toBe(CLOSED_TICKET_ONLY_REOPENS);
    expect(statusEditError({ status: 'cancel' }, { status: 'done' })).toBe(CLOSED_TICKET_ONLY_REOPENS);
  });

  it('accepts reopening, active moves, unchanged statuses and new tickets', () => {
    expect(statusEditError({ status: 'done' }, { status: 'open' })).toBeNull();
    expect(statusEditError({ status: 'open' }, { status: 'cancel' })).toBeNull();
    expect(statusEditError({ status: 'done' }, { status: 'done' })).toBeNull();
    expect(statusEditError(null, { status: 'done' })).toBeNull();
  });
});

describe('changeStatus', () => {
  const ticket = { _id: TICKET, status: 'open', title: 'Printer' };

  it('sets the status and, when asked, the technician', () => {
    expect(changeStatus(ticket, 'done', null)).toEqual({ ...ticket, status: 'done' });
    expect(changeStatus(ticket, 'doing', USER)).toEqual({ ...ticket, status: 'doing', technical_id: USER });
  });

  it('reopens a closed ticket and refuses what the rules refuse', () => {
    expect(changeStatus({ ...ticket, status: 'cancel' }, 'open', null)?.status).toBe('open');
    expect(changeStatus({ ...ticket, status: 'done' }, 'doing', null)).toBeNull();
    expect(changeStatus(ticket, 'open', USER)).toBeNull();
    expect(changeStatus({ ...ticket, status: 'lost' }, 'open', null)).toBeNull();
  });
});

describe('tickChecklistItem', () => {
  const ticket = {
    _id: TICKET,
    checklist: [
      { item: 'Clean', done: false },
      { item: 'Test', done: false },
    ],
  };

  it('ticks and unticks one item, leaving the others', () => {
    const ticked = tickChecklistItem(ticket, 'Test', true);
    expect(ticked?.checklist).toEqual([
      { item: 'Clean', done: false },
      { item: 'Test', done: true },
    ]);
    expect(tickChecklistItem(ticked!, 'Test', false)?.checklist).toEqual(ticket.checklist);
  });

  it('says so when the item was removed meanwhile', () => {
    expect(tickChecklistItem(ticket, 'Oil', true)).toBeNull();
  });
});

describe('equipmentCustomerToRelate', () => {
  const ticket = { customer_id: CUSTOMER, equipment_id: EQUIPMENT };

  it('relates the equipment to the customer when asked and both are set', () => {
    expect(equipmentCustomerToRelate(ticket, true, { _id: EQUIPMENT })).toBe(CUSTOMER);
  });

  it('writes nothing when not asked, something is missing, or they are related already', () => {
    expect(equipmentCustomerToRelate(ticket, false, { _id: EQUIPMENT })).toBeNull();
    expect(equipmentCustomerToRelate(ticket, undefined, { _id: EQUIPMENT })).toBeNull();
    expect(equipmentCustomerToRelate({ equipment_id: EQUIPMENT }, true, { _id: EQUIPMENT })).toBeNull();
    expect(equipmentCustomerToRelate({ customer_id: CUSTOMER }, true, { _id: EQUIPMENT })).toBeNull();
    expect(equipmentCustomerToRelate(ticket, true, null)).toBeNull();
    expect(equipmentCustomerToRelate(ticket, true, { _id: EQUIPMENT, customer_id: CUSTOMER })).toBeNull();
  });
});

describe('newComment', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('fills in the ticket, the date and the author, and passes validation', () => {
    const comment = newComment('cmt-00000000-0000-4000-8000-000000000001', TICKET, '  Part ordered \n', 'Ana', now);
    expect(comment).toMatchObject({ ticket_id: TICKET, content: 'Part ordered', date: now.toISOString(), user: 'Ana' });
    expect(validateRecord(comments, comment).hasErrors).toBe(false);
  });

  it('leaves a blank comment for validation to refuse', () => {
    const comment = newComment('cmt-00000000-0000-4000-8000-000000000001', TICKET, '  ', null, now);
    expect(comment).not.toHaveProperty('user');
    expect(validateRecord(comments, comment).reasons).toEqual({ content: ["can't be blank"] });
  });
});

describe('a ticket after these edits', () => {
  it('still passes the ticket rules', () => {
    const ticket = { _id: TICKET, title: 'Printer', status: 'open', priority: 'medium', ticket_kind: 'bug' };
    const changed = changeStatus(ticket, 'done', USER)!;
    const withList = { ...changed, checklist: checklistForSave(null, { category_id: CATEGORY }, 'Clean') };
    expect(validateRecord(tickets, tickChecklistItem(withList, 'Clean', true)!).hasErrors).toBe(false);
  });
});

describe('the contract receipt before done', () => {
  const ticket = { klass: 'Ticket', status: 'doing', contract_id: 'cnt-1' };
  const done = { ...ticket, status: 'done' };

  it('is required when the group requires it, unless signed on screen or on paper', () => {
    expect(ticketChangeErrors(ticket, done, { 'contract-receipt': 'on-demand' })).toEqual([RECEIPT_BEFORE_DONE]);
    expect(
      ticketChangeErrors(ticket, { ...done, contract_receipt_on_paper: true }, { 'contract-receipt': 'on-demand' }),
    ).toEqual([]);
    const signed = { date: '2026-11-24', legible_name: 'Ana', signature: 'data:image/png;base64,AAAA' };
    expect(
      ticketChangeErrors(ticket, { ...done, contract_receipt: signed }, { 'contract-receipt': 'on-demand' }),
    ).toEqual([]);
  });

  it('follows the group’s mode: always for every ticket, on demand for tickets with a contract', () => {
    const noContract = { klass: 'Ticket', status: 'doing' };
    expect(
      ticketChangeErrors(noContract, { ...noContract, status: 'done' }, { 'contract-receipt': 'on-demand' }),
    ).toEqual([]);
    expect(ticketChangeErrors(noContract, { ...noContract, status: 'done' }, { 'contract-receipt': 'always' })).toEqual(
      [RECEIPT_BEFORE_DONE],
    );
    // Settings unknown (a device that never synced them): the server, which knows them, decides.
    expect(ticketChangeErrors(ticket, done, null)).toEqual([]);
    // Only the move to done waits: other moves and edits of a done ticket do not.
    expect(ticketChangeErrors(ticket, { ...ticket, status: 'review' }, { 'contract-receipt': 'always' })).toEqual([]);
    expect(ticketChangeErrors(done, { ...done, title: 'x' }, { 'contract-receipt': 'always' })).toEqual([]);
  });
});
