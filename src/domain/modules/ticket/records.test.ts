import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES as M } from '../../errors.ts';
import { completeStamps, resourceSpec, specOfKlass } from '../../records/index.ts';
import {
  atLeast,
  coerceRecord,
  initialValues,
  NUMBER_MESSAGES,
  stampRecord,
  tooLong,
  validateRecord,
} from '../../records/schema.ts';
import { searchWords } from '../../records/search.ts';
import { addressMapLink, customers, estimates, handbooks, maintenances, tickets } from './records.ts';

// The generic record rules (src/domain/records), tried on the ticket module's descriptions.
describe('the ticket module’s records', () => {
  it('are found by route segment and by klass', () => {
    expect(resourceSpec('tickets')?.klass).toBe('Ticket');
    expect(specOfKlass('Equipment')?.resource).toBe('equipment');
  });
});

describe('validateRecord', () => {
  it('says which required fields are blank', () => {
    expect(validateRecord(customers, { name: '  ' }).reasons).toEqual({ name: [M.blank] });
    expect(validateRecord(tickets, { ...initialValues(tickets) }).reasons).toEqual({ title: [M.blank] });
  });

  it("refuses an id with another kind's prefix", () => {
    const uuid = '0f0e0d0c-0b0a-4908-8706-050403020100';
    expect(validateRecord(customers, { _id: `cus-${uuid}`, name: 'Ana' }).reasons).toEqual({});
    expect(validateRecord(customers, { _id: `ctg-${uuid}`, name: 'Ana' }).reasons).toEqual({ _id: [M.invalid] });
    expect(validateRecord(customers, { _id: 'cus-1', name: 'Ana' }).reasons).toEqual({ _id: [M.invalid] });
  });

  it('checks e-mails, addresses, dates, colours, choices and references', () => {
    const reasons = validateRecord(customers, {
      name: 'Ana',
      email: 'ana@',
      site: 'example',
      born_at: '2024-02-30',
      gender: 'robot',
    }).reasons;
    expect(reasons).toEqual({ email: [M.invalid], site: [M.invalid], born_at: [M.invalid], gender: [M.inclusion] });
    expect(
      validateRecord(tickets, {
        title: 'x',
        status: 'open',
        priority: 'medium',
        ticket_kind: 'bug',
        customer_id: 'eqi-1',
      }).reasons,
    ).toEqual({
      customer_id: [M.invalid],
    });
    expect(validateRecord(customers, { name: 'Ana', email: 'ana@example.com', born_at: '2024-02-29' }).hasErrors).toBe(
      false,
    );
  });

  it('relates a ticket to an earlier one (a return visit), never to itself', () => {
    const uuid = '0f0e0d0c-0b0a-4908-8706-050403020100';
    const first = `tik-${uuid}`;
    const visit = { title: 'x', status: 'open', priority: 'medium', ticket_kind: 'bug', related_ticket_id: first };
    expect(validateRecord(tickets, visit).reasons).toEqual({});
    expect(validateRecord(tickets, { ...visit, _id: first }).reasons).toEqual({ related_ticket_id: [M.invalid] });
    expect(validateRecord(tickets, { ...visit, related_ticket_id: `cus-${uuid}` }).reasons).toEqual({
      related_ticket_id: [M.invalid],
    });
  });

  it('checks numbers, integers and bounds', () => {
    const base = { date: '2026-01-01', equipment_id: 'eqi-00000000-0000-4000-8000-000000000001' };
    expect(validateRecord(maintenances, { ...base, warranty: 'ten' }).reasons).toEqual({
      warranty: [NUMBER_MESSAGES.notANumber],
    });
    expect(validateRecord(maintenances, { ...base, warranty: 1.5 }).reasons).toEqual({
      warranty: [NUMBER_MESSAGES.notAnInteger],
    });
    expect(validateRecord(maintenances, { ...base, warranty: -1 }).reasons).toEqual({ warranty: [atLeast(0)] });
    expect(validateRecord(maintenances, { ...base, warranty: 90 }).hasErrors).toBe(false);
  });

  it('checks each row of a record part, naming the row and column', () => {
    const reasons = validateRecord(estimates, {
      description: 'Repair',
      currency: 'BRL',
      items: [
        { description: 'Part', quantity: 1, value: 1000 },
        { quantity: 'two', value: -1 },
        { description: 'Float', quantity: 1, value: 10.5 },
      ],
    }).reasons;
    expect(reasons).toEqual({
      'items.1.description': [M.blank],
      'items.1.quantity': [NUMBER_MESSAGES.notANumber],
      'items.1.value': [atLeast(0)],
      'items.2.value': [NUMBER_MESSAGES.notANumber],
    });
  });

  it('keeps an estimate in a known currency', () => {
    expect(validateRecord(estimates, { description: 'x', currency: 'XYZ' }).reasons).toEqual({ currency: [M.invalid] });
    expect(validateRecord(estimates, { description: 'x' }).reasons).toEqual({ currency: [M.blank] });
    expect(initialValues(estimates, { currency: 'BRL' }).currency).toBe('BRL');
    expect(initialValues(estimates, null).currency).toBe('USD');
  });

  it('limits text length', () => {
    expect(validateRecord(customers, { name: 'x'.repeat(256) }).reasons).toEqual({ name: [tooLong(255)] });
  });

  it('skips requirements of switched-off features but still checks what is stored', () => {
    const ticket = { title: 'x', status: 'open', priority: 'low', ticket_kind: 'bug', checklist: [{ done: true }] };
    expect(validateRecord(tickets, ticket, new Set()).reasons).toEqual({ 'checklist.0.item': [M.blank] });
  });
});

describe('coerceRecord', () => {
  it('turns form text into stored values and keeps what the form does not hold', () => {
    const stored = { _id: 'est-1', _rev: '1-a', klass: 'Estimate', description: 'old', ticket_id: 'tik-1' };
    const doc = coerceRecord(estimates, stored, {
      description: '  Repair  ',
      number: '',
      currency: ' brl ',
      // The money input hands over minor units; text it could not read stays text, refused later.
      items: [
        { description: 'Part', quantity: '2', value: 1050 },
        { description: 'Typo', quantity: '1,5', value: 'ten' },
      ],
    });
    expect(doc).toEqual({
      _id: 'est-1',
      _rev: '1-a',
      klass: 'Estimate',
      description: 'Repair',
      ticket_id: 'tik-1',
      currency: 'BRL',
      items: [
        { description: 'Part', quantity: 2, value: 1050 },
        { description: 'Typo', quantity: 1.5, value: 'ten' },
      ],
    });
    expect(coerceRecord(maintenances, {}, { warranty: 'ten' })).toEqual({ warranty: 'ten' });
  });

  it('normalises tags typed with commas', () => {
    expect(coerceRecord(handbooks, {}, { categories: ' Air Con, pumps,air con ' })).toEqual({
      categories: ['air-con', 'pumps'],
    });
    expect(coerceRecord(handbooks, { categories: ['x'] }, { categories: ' , ' })).toEqual({});
  });

  it('never takes read-only fields from a form', () => {
    expect(coerceRecord(tickets, { number: '1-1' }, { number: '9-9', title: 't' })).toEqual({
      number: '1-1',
      title: 't',
    });
  });

  it('stamps the creator once and the modifier on every write', () => {
    const first = stampRecord({ name: 'a' }, 'usr-1', new Date('2026-01-01T00:00:00Z'));
    expect(first).toMatchObject({ created_by: 'usr-1', created_at: '2026-01-01T00:00:00.000Z', updated_by: 'usr-1' });
    const second = stampRecord(first, 'usr-2', new Date('2026-01-02T00:00:00Z'));
    expect(second).toMatchObject({ created_by: 'usr-1', updated_by: 'usr-2', updated_at: '2026-01-02T00:00:00.000Z' });
  });
});

describe('completeStamps', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');
  it('fills the bookkeeping a described record lacks, keeping what it has', () => {
    expect(completeStamps({ klass: 'Ticket', title: 'x' }, 'usr-1', now)).toEqual({
      klass: 'Ticket',
      title: 'x',
      created_at: now.toISOString(),
      created_by: 'usr-1',
      updated_at: now.toISOString(),
      updated_by: 'usr-1',
    });
    const given = '2026-01-01T00:00:00.000Z';
    expect(completeStamps({ klass: 'Customer', updated_at: given }, 'usr-1', now)).toMatchObject({
      created_at: given,
      updated_at: given,
    });
  });

  it('leaves alone stamped records, deletions and documents that are not records', () => {
    const stamped = { klass: 'Ticket', created_at: 'a', updated_at: 'b' };
    expect(completeStamps(stamped, 'usr-1', now)).toBe(stamped);
    const deleted = { klass: 'Ticket', _deleted: true };
    expect(completeStamps(deleted, 'usr-1', now)).toBe(deleted);
    const setting = { klass: 'Adjustment', key: 'name' };
    expect(completeStamps(setting, 'usr-1', now)).toBe(setting);
  });
});

describe('searchWords', () => {
  it('folds case and accents and splits on punctuation', () => {
    expect(searchWords('João  Conceição 3-17')).toEqual(['joao', 'conceicao', '3', '17']);
    expect(searchWords('  ')).toEqual([]);
  });
});

describe('addressMapLink', () => {
  it('opens a map at the address, or nowhere when it says nothing', () => {
    expect(addressMapLink({ street: 'Rua Augusta', number: '1500', city: 'São Paulo', state: 'SP', main: true })).toBe(
      `https://www.openstreetmap.org/search?query=${encodeURIComponent('Rua Augusta, 1500, São Paulo, SP')}`,
    );
    expect(addressMapLink({ description: 'Casa', street: '  ' })).toBeNull();
  });
});
