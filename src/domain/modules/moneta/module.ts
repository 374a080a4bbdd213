// The finance module (spec 001 §1 "{product}", our Moneta): wallets in any currency, incomes,
// expenses, transfers, exchanges, balances per currency, CSV import and mappings. Switched on
// by the `budget` setting (on by default, spec 000 §3).
import type { ModuleDescription } from '../kit.ts';
import { MONETA_RESOURCES } from './records.ts';
import { FINANCE_MESSAGES } from './rules.ts';

export const monetaModule: ModuleDescription = {
  kind: 'moneta',
  feature: 'moneta',
  setting: 'budget',
  onByDefault: true,
  // An expense may name the ticket it was spent on (`Outgo.ticket_id`).
  requires: ['ticket'],
  built: true,
  home: 'outgos',
  records: MONETA_RESOURCES,
  pages: [
    { name: 'wallets-upload', path: 'wallets-upload', title: 'moneta.import.title' },
    { name: 'mappings-apply', path: 'mappings-apply', title: 'moneta.mappingsApply.title' },
  ],
  menu: [
    { key: 'outgos', path: 'outgos' },
    { key: 'incomes', path: 'incomes' },
    { key: 'transfers', path: 'transfers' },
    { key: 'exchanges', path: 'exchanges' },
  ],
  others: [
    { key: 'wallets', path: 'wallets' },
    { key: 'mappings', path: 'mappings' },
    { key: 'upload', path: 'wallets-upload' },
    { key: 'imports', path: 'imports' },
  ],
  // A ticket group keeps its money here too (on by default): its balances and spending on the
  // dashboard, and where expenses are typed and statements imported, from any module's menu.
  elsewhere: {
    dashboard: true,
    others: [
      { key: 'outgos', path: 'outgos' },
      { key: 'upload', path: 'wallets-upload' },
    ],
  },
  // A wallet first: every amount counts in a wallet's currency.
  firstSteps: [
    { resource: 'wallets', klass: 'Wallet' },
    { resource: 'outgos', klass: 'Outgo' },
  ],
  tiles: [
    { resource: 'outgos', klass: 'Outgo' },
    { resource: 'incomes', klass: 'Income' },
    { resource: 'transfers', klass: 'Transfer' },
    { resource: 'exchanges', klass: 'Exchange' },
    { resource: 'wallets', klass: 'Wallet' },
  ],
  settings: [],
  indexes: [],
  views: ['wallet-balances/by-currency', 'wallet-balances/pending'],
  counters: ['Exchange', 'Income', 'Outgo', 'Transfer', 'Wallet'],
  messages: FINANCE_MESSAGES,
};
