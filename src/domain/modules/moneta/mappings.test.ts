import { describe, expect, it } from 'vitest';
import { applyMappings, mappedField, mappedKlasses, mappingChanges, type Mapping } from './mappings.ts';

const base = { active: true, target: 'outgo', field_to_watch: 'description', kind_of_watch: 'contains' };

describe('mappings', () => {
  it('match case-insensitively with each kind of watch', () => {
    const record = { klass: 'Outgo', description: 'POSTO Shell 123' };
    const set = (kind_of_watch: string, text_to_match: string): Mapping => ({
      ...base,
      kind_of_watch,
      text_to_match,
      field_to_change: 'categories',
      kind_of_change: 'replace',
      text_to_change: 'fuel',
    });
    expect(applyMappings(record, [set('contains', 'shell')]).record).toMatchObject({ categories: ['fuel'] });
    expect(applyMappings(record, [set('starts_with', 'posto')]).fields).toEqual(['categories']);
    expect(applyMappings(record, [set('ends_with', '123')]).fields).toEqual(['categories']);
    expect(applyMappings(record, [set('equals', 'posto shell 123')]).fields).toEqual(['categories']);
    expect(applyMappings(record, [set('equals', 'posto')]).fields).toEqual([]);
    expect(applyMappings(record, [set('starts_with', 'shell')]).fields).toEqual([]);
  });

  it('change in their order, each seeing the ones before, and only their target and when active', () => {
    const mappings: Mapping[] = [
      {
        ...base,
        order: 2,
        text_to_match: 'uber',
        field_to_change: 'description',
        kind_of_change: 'append',
        text_to_change: '(work)',
      },
      {
        ...base,
        order: 1,
        text_to_match: 'uber',
        field_to_change: 'description',
        kind_of_change: 'prepend',
        text_to_change: 'Taxi:',
      },
      {
        ...base,
        order: 3,
        text_to_match: 'taxi',
        field_to_change: 'third_party',
        kind_of_change: 'replace',
        text_to_change: 'Uber BV',
      },
      {
        ...base,
        order: 0,
        active: false,
        text_to_match: 'uber',
        field_to_change: 'description',
        kind_of_change: 'replace',
        text_to_change: 'X',
      },
      {
        ...base,
        target: 'income',
        text_to_match: 'uber',
        field_to_change: 'description',
        kind_of_change: 'replace',
        text_to_change: 'Y',
      },
      {
        ...base,
        order: 4,
        text_to_match: 'uber',
        field_to_change: 'categories',
        kind_of_change: 'append',
        text_to_change: 'Travel, work',
      },
    ];
    const { record, fields } = applyMappings(
      { klass: 'Outgo', description: 'UBER *TRIP', categories: ['work'] },
      mappings,
    );
    expect(record).toEqual({
      klass: 'Outgo',
      description: 'Taxi: UBER *TRIP (work)',
      paid_to: 'Uber BV',
      categories: ['work', 'travel'],
    });
    expect(fields.sort()).toEqual(['categories', 'description', 'paid_to']);
  });

  it('read third_party as the payer of an income and the payee of an expense', () => {
    expect(mappedField('third_party', 'Income')).toBe('paid_by');
    expect(mappedField('third_party', 'Outgo')).toBe('paid_to');
    expect(mappedField('third_party', 'Transfer')).toBeNull();
  });

  it('preview on existing records only what would change, and only for the kinds mapped', () => {
    const fuel: Mapping = { ...base, text_to_match: 'posto', field_to_change: 'categories', text_to_change: 'fuel' };
    const off: Mapping = { ...fuel, active: false, target: 'income' };
    const records = [
      { _id: 'a', klass: 'Outgo', description: 'Posto Shell' },
      { _id: 'b', klass: 'Outgo', description: 'Posto Ipiranga', categories: ['fuel'] },
      { _id: 'c', klass: 'Outgo', description: 'Mercado' },
      { _id: 'd', klass: 'Income', description: 'Posto (refund)' },
    ];
    const changes = mappingChanges(records, [fuel, off]);
    expect(changes.map((c) => [c.before._id, c.after.categories, c.fields])).toEqual([['a', ['fuel'], ['categories']]]);
    expect(changes[0]!.before).toEqual(records[0]);
    expect(mappedKlasses([fuel, off])).toEqual(['Outgo']);
  });
});
