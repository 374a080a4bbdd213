import { describe, expect, it } from 'vitest';
import {
  enabledFeatures,
  countsByKlass,
  parseAddresses,
  parsePhones,
  markEntryDeleted,
  parsePhoneEntries,
  settingsFromAdjustments,
  upsertEntry,
  validateAccountProfile,
  validateAddress,
  validatePhone,
} from './group-settings.ts';

describe('settingsFromAdjustments', () => {
  it('maps keys to values over the defaults', () => {
    const settings = settingsFromAdjustments([
      { _id: 'adj-1', key: 'name', value: 'Shop' },
      { _id: 'adj-2', key: 'billing', value: 'enabled' },
      { _id: 'adj-3', key: 'phones', value: [{ id: 'p', number: '1' }] },
    ]);
    expect(settings.name).toBe('Shop');
    expect(settings.billing).toBe('enabled');
    expect(settings['contract-receipt']).toBe('on-demand');
    expect(settings.exoreader).toBe('disabled');
    expect(parsePhones(settings.phones)).toEqual([{ id: 'p', main: false, description: '', number: '1' }]);
  });
});

describe('validateAccountProfile', () => {
  it('requires a name and accepts an empty billing e-mail', () => {
    expect(validateAccountProfile({ name: ' ', billing_email: '' }).reasons).toEqual({ name: ["can't be blank"] });
    expect(validateAccountProfile({ name: 'Shop', billing_email: '' }).hasErrors).toBe(false);
    expect(validateAccountProfile({ name: 'Shop', billing_email: 'nope' }).reasons).toEqual({
      billing_email: ['is invalid'],
    });
  });
});

describe('phones and addresses', () => {
  it('parse JSON text, tolerating garbage', () => {
    expect(parsePhones('not json')).toEqual([]);
    expect(parsePhones('{"a":1}')).toEqual([]);
    expect(parseAddresses('[{"id":"a","main":true,"street":"Main St","city":"Springfield"}]')[0]).toMatchObject({
      id: 'a',
      main: true,
      street: 'Main St',
      city: 'Springfield',
      zip_code: '',
    });
  });

  it('validate the number, street and city', () => {
    expect(validatePhone({ number: '' }).reasons).toEqual({ number: ["can't be blank"] });
    expect(Object.keys(validateAddress({}).reasons)).toEqual(['street', 'city']);
  });

  it('keep a single main entry when adding or replacing', () => {
    const a = { id: 'a', main: true, description: '', number: '1' };
    const b = { id: 'b', main: true, description: '', number: '2' };
    expect(upsertEntry([a], b)).toEqual([{ ...a, main: false }, b]);
    expect(upsertEntry([a, { ...b, main: false }], { ...a, number: '3' })).toEqual([
      { ...a, number: '3' },
      { ...b, main: false },
    ]);
    expect(upsertEntry([a, b], { ...a, main: false })).toEqual([{ ...a, main: false }, b]);
  });

  it('mark a deleted entry rather than drop it, and show only the others', () => {
    const a = { id: 'a', main: true, description: '', number: '1' };
    const b = { id: 'b', main: false, description: '', number: '2' };
    const stored = JSON.stringify(markEntryDeleted([a, b], 'a'));
    expect(parsePhoneEntries(stored)).toEqual([{ ...a, main: false, marktodelete: true }, b]);
    expect(parsePhones(stored)).toEqual([b]);
    // Entries written before marks existed read as they did.
    expect(parsePhoneEntries(JSON.stringify([b]))).toEqual([b]);
  });
});

describe('enabledFeatures', () => {
  it('lists the switches stored as enabled', () => {
    const settings = settingsFromAdjustments([
      { _id: 'adj-1', key: 'maintenance', value: 'enabled' },
      { _id: 'adj-2', key: 'billing', value: 'disabled' },
    ]);
    expect([...enabledFeatures(settings)]).toEqual(['maintenance']);
    expect(enabledFeatures(null).size).toBe(0);
  });
});

describe('countsByKlass', () => {
  it('reads the view rows', () => {
    expect(
      countsByKlass([
        { key: 'Ticket', value: 3 },
        { key: null, value: 1 },
      ]),
    ).toEqual({ Ticket: 3 });
    expect(countsByKlass(undefined)).toEqual({});
  });
});
