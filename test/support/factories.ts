import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { HttpClient } from './http-client.ts';
import type { MailingServer } from './outbox.ts';

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: HttpClient;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;
}

/** Signs up a new user through `POST /db/_users`; the returned client holds their session. */
export async function registerUser(base: string, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const client = new HttpClient(base);
  const email = (overrides.unconfirmed_email as string | undefined) ?? uniqueEmail();
  const password = (overrides.password as string | undefined) ?? 'correct horse battery';
  const id = `usr-${randomUUID()}`;
  const res = await client.post('/db/_users', {
    _id: id,
    fullname: 'Test Person',
    unconfirmed_email: email,
    password,
    locale: 'en',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id, email, password, client };
}

/** Confirms the user's pending address with the link from the outbox. */
export async function confirmUser(server: MailingServer, user: TestUser): Promise<void> {
  const { latestLink } = await import('./outbox.ts');
  const { link } = await latestLink(server, user.email, '/user/confirm/');
  const res = await user.client.post(`/api/confirmation/${link.slice(link.lastIndexOf('/') + 1)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Creates a group as `user`; returns its database name. */
export async function createGroup(user: TestUser, name = 'Oficina Central', kind = 'ticket'): Promise<string> {
  const res = await user.client.post<{ id: string }>('/api/groups', { name, kind });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A token of `user`'s that may read, or read and write (`/api/tokens`): the secret itself. */
export async function userToken(user: TestUser, permissions: 'read' | 'write', description: string = permissions) {
  const res = await user.client.post<{ token: string }>('/api/tokens', { description, permissions });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token;
}

/**
 * A customer and `count` open tickets of hers in group `db` (written at once, as a sync would):
 * rows with a related record's name, counts and recent changes for the first screens to draw.
 */
export async function seedTickets(user: TestUser, db: string, count: number): Promise<void> {
  const customer = { _id: newId('Customer'), klass: 'Customer', name: 'Ana Silva' };
  const start = Date.now();
  const tickets = Array.from({ length: count }, (_, i) => ({
    _id: newId('Ticket'),
    // The first is the newest change: lists and the board show it first.
    created_at: new Date(start - i * 1000).toISOString(),
    updated_at: new Date(start - i * 1000).toISOString(),
    klass: 'Ticket',
    number: `1-${i + 1}`,
    title: `Ar-condicionado não gela ${i + 1}`,
    status: 'open',
    priority: 'medium',
    ticket_kind: 'chore',
    customer_id: customer._id,
  }));
  const res = await user.client.post(`/db/${db}/_bulk_docs`, { docs: [customer, ...tickets] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** A confirmed user invited by `admin` to group `db`, who accepted: a member (not an administrator). */
export async function addMember(
  server: MailingServer & { url: string },
  admin: TestUser,
  db: string,
  flags: Record<string, boolean> = {},
): Promise<TestUser & { membershipId: string }> {
  const user = await registerUser(server.url);
  await confirmUser(server, user);
  const invited = await admin.client.post<{ _id: string }>(`/api/groups/${db}/memberships`, {
    email: user.email,
    editor: true,
    ...flags,
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const membershipId = invited.body._id;
  const accepted = await user.client.put(`/db/${db}/_design/status/_update/accept/${membershipId}`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { ...user, membershipId };
}

/** A confirmed user (`user`: their fields, e.g. the language) who created one group (of `kind`), on `server`. */
export async function ownerWithGroup<S extends MailingServer & { url: string }>(
  server: S,
  groupName: string,
  user: Record<string, unknown> = {},
  kind?: string,
): Promise<{ owner: TestUser; db: string }> {
  const owner = await registerUser(server.url, user);
  await confirmUser(server, owner);
  return { owner, db: await createGroup(owner, groupName, kind) };
}

/** A statement's lines as the server holds them: the group's imported incomes and expenses, with `fields`. */
export async function importedRecords(
  user: TestUser,
  db: string,
  fields: string[],
): Promise<Array<Record<string, unknown>>> {
  const res = await user.client.post<{ docs?: Array<Record<string, unknown>> }>(`/db/${db}/_find`, {
    selector: { klass: { $in: ['Income', 'Outgo'] }, imported: true },
    fields,
  });
  return res.body.docs ?? [];
}
