import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, errorCodeForStatus, networkError, validationError } from './api-error.ts';

describe('apiErrorFromResponse', () => {
  it('keeps the server envelope', () => {
    const error = apiErrorFromResponse(401, { error: 'unauthorized', reason: 'Email or password is incorrect' });
    expect(error).toMatchObject({ status: 401, error: 'unauthorized', reason: 'Email or password is incorrect' });
  });

  it('keeps field reasons', () => {
    const error = apiErrorFromResponse(422, {
      error: 'unprocessable_entity',
      reason: { password: ["can't be blank"] },
    });
    expect(error.reason).toEqual({ password: ["can't be blank"] });
  });

  it('derives the code from the status when the body is not an envelope', () => {
    expect(apiErrorFromResponse(502, '<html>')).toMatchObject({
      error: 'internal_server_error',
      reason: 'Undefined error',
    });
    expect(apiErrorFromResponse(404, null)).toMatchObject({ error: 'not_found', reason: 'Not found' });
    expect(apiErrorFromResponse(429, { reason: 42 })).toMatchObject({ error: 'too_many_requests' });
  });
});

describe('other errors', () => {
  it('maps statuses to codes', () => {
    expect(errorCodeForStatus(409)).toBe('conflict');
    expect(errorCodeForStatus(418)).toBe('undefined_error');
  });

  it('describes a network failure as status 0', () => {
    expect(networkError()).toMatchObject({ status: 0, error: 'undefined_error', reason: 'Network error' });
  });

  it('wraps client validation like a 422', () => {
    expect(validationError({ terms: ['must be accepted'] })).toMatchObject({
      status: 422,
      error: 'unprocessable_entity',
    });
  });
});
