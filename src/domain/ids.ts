// Id prefixes from the spec: every document id is `<prefix>-<uuid>`.
export const ID_PREFIXES = {
  Account: 'acc',
  Address: 'adr',
  Adjustment: 'adj',
  // A wiki's bookmark (spec 001 §3 "Bookmark"; its prefix is ours, the spec shows none).
  Bookmark: 'bmk',
  Comment: 'cmt',
  ContractItem: 'cni',
  Contract: 'cnt',
  Crystal: 'crs',
  Category: 'ctg',
  Customer: 'cus',
  Equipment: 'eqi',
  Estimate: 'est',
  Exchange: 'exc',
  CloudFile: 'fle',
  // A bank statement's import (spec 001 §3 "CSV import"; its prefix is ours, the spec shows none).
  CsvImport: 'csv',
  Handbook: 'han',
  Income: 'inc',
  Maintenance: 'mai',
  Mapping: 'map',
  Membership: 'mem',
  Outgo: 'out',
  Phone: 'pho',
  PlanPrice: 'ppr',
  ReaderItem: 'rit',
  ReaderLabel: 'rlb',
  ReaderSubscription: 'rsb',
  TicketChecklist: 'tch',
  Ticket: 'tik',
  Transfer: 'trn',
  UserToken: 'tok',
  User: 'usr',
  DocumentChange: 'ver',
  WalletBalance: 'wbl',
  Wallet: 'wll',
} as const;

export type Klass = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[Klass];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ID_PATTERN = new RegExp(`^([a-z]{3})-(${UUID})$`);
const UUID_PATTERN = new RegExp(`^${UUID}$`);

/** A UUID as `crypto.randomUUID()` makes it (lowercase): the uuid part of an id, an upload's key. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

export function newId(klass: Klass, uuid: string = globalThis.crypto.randomUUID()): string {
  return `${ID_PREFIXES[klass]}-${uuid}`;
}

/** True when `value` is `<prefix>-<uuid>` for the given prefix (any known prefix when omitted). */
export function isId(value: unknown, prefix?: IdPrefix): value is string {
  if (typeof value !== 'string') return false;
  const match = ID_PATTERN.exec(value);
  if (!match) return false;
  return prefix ? match[1] === prefix : Object.values(ID_PREFIXES).includes(match[1] as IdPrefix);
}

export function klassOfId(id: string): Klass | null {
  const match = ID_PATTERN.exec(id);
  if (!match) return null;
  const entry = Object.entries(ID_PREFIXES).find(([, prefix]) => prefix === match[1]);
  return entry ? (entry[0] as Klass) : null;
}

/** Personal databases are named after their user (`usr-…`); group databases after the group (`acc-…`). */
export type DatabaseKind = 'personal' | 'group';

export function databaseKind(dbName: string): DatabaseKind | null {
  if (isId(dbName, 'usr')) return 'personal';
  if (isId(dbName, 'acc')) return 'group';
  return null;
}
