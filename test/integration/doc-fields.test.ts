// Spec 001: `GET /{account_id}/{id}?fields=content,content_type` answers with those fields (an API
// client reading a feed item's body), through the door's parameter list.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Fields'));
});
afterAll(() => server.stop());

it('answers a document read with only the fields asked for, beside its id and revision', async () => {
  const id = `cus-${crypto.randomUUID()}`;
  const put = await owner.client.put<{ rev: string }>(`/db/${db}/${id}`, {
    klass: 'Customer',
    name: 'Joana',
    email: 'joana@example.com',
    company_name: 'Padaria Sol',
  });
  expect(put.status).toBe(201);
  const some = await owner.client.get(`/db/${db}/${id}?fields=name,company_name,missing`);
  expect(some.status).toBe(200);
  expect(some.body).toEqual({ _id: id, _rev: put.body.rev, name: 'Joana', company_name: 'Padaria Sol' });
  // Without it, the whole document, as CouchDB answers.
  const whole = await owner.client.get(`/db/${db}/${id}`);
  expect(whole.body).toMatchObject({ _id: id, name: 'Joana', email: 'joana@example.com', klass: 'Customer' });
});

it('passes a missing document on as 404 and refuses a field list out of bounds', async () => {
  const missing = await owner.client.get(`/db/${db}/cus-${crypto.randomUUID()}?fields=name`);
  expect(missing.status).toBe(404);
  const tooMany = Array.from({ length: 60 }, (_, i) => `f${i}`).join(',');
  const refused = await owner.client.get(`/db/${db}/cus-${crypto.randomUUID()}?fields=${tooMany}`);
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ error: 'bad_request' });
});
