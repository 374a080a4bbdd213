// The group's phone and address lists, as the admin page edits them (spec 000 §6).
import {
  ADDRESS_FIELDS,
  type AddressEntry,
  PHONE_FIELDS,
  validateAddress,
  validatePhone,
} from '../../../domain/group-settings.ts';
import type { EntryListConfig } from './entry-list-card.tsx';

export const PHONES: EntryListConfig = {
  settingKey: 'phones',
  i18n: 'admin.phones',
  fields: PHONE_FIELDS,
  validate: validatePhone,
  summary: (entry) => String(entry.number),
};

export const ADDRESSES: EntryListConfig = {
  settingKey: 'addresses',
  i18n: 'admin.addresses',
  fields: ADDRESS_FIELDS,
  validate: validateAddress,
  summary: (entry) => {
    const a = entry as AddressEntry;
    return [
      [a.street, a.number].filter(Boolean).join(', '),
      a.neighborhood,
      [a.city, a.state].filter(Boolean).join(' - '),
    ]
      .filter(Boolean)
      .join(' · ');
  },
};
