import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.ts';
import { StoreError } from '../store/couch-client.ts';
import { storeFailure } from './forward.ts';

const answer = (status: number, body: unknown, type = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });

describe('storeFailure: the store’s answers by status (L1 of 2026-11-27)', () => {
  it('passes a 4xx about the request through with the store’s error and reason', async () => {
    expect(await storeFailure(answer(404, { error: 'not_found', reason: 'missing' }))).toMatchObject({
      status: 404,
      error: 'not_found',
      reason: 'missing',
    });
    expect(await storeFailure(answer(409, { error: 'conflict', reason: 'Document update conflict' }))).toMatchObject({
      status: 409,
      error: 'conflict',
    });
    expect(await storeFailure(answer(412, '<html>', 'text/html'))).toMatchObject({ status: 412 });
  });

  it('keeps 503 for a store that cannot serve now, and a failing answer as 502 the app does not wait on', async () => {
    for (const status of [502, 503, 504]) {
      const failure = await storeFailure(answer(status, 'Bad gateway', 'text/plain'));
      expect(failure).toBeInstanceOf(StoreError);
      expect(failure).toMatchObject({ status: 503, body: { error: 'store_unavailable' } });
    }
    // The embedded store's answer to deleting an attachment from a document that has none.
    const crash = answer(
      500,
      { error: 'bad_request', reason: 'Cannot convert undefined or null to object' },
      'text/plain',
    );
    for (const upstream of [crash, answer(401, { error: 'unauthorized' }), answer(403, { error: 'forbidden' })]) {
      const failure = await storeFailure(upstream);
      expect(failure).toBeInstanceOf(HttpError);
      expect(failure).toMatchObject({ status: 502, error: 'store_error' });
    }
  });
});
