import { describe, expect, it } from 'vitest';
import { describeError, splitFieldReasons } from './error-text.ts';

describe('describeError', () => {
  it('reads the server envelope', () => {
    expect(describeError({ error: 'unauthorized', reason: 'Email or password is incorrect' })).toEqual({
      code: 'unauthorized',
      reason: 'Email or password is incorrect',
      fields: null,
    });
  });

  it('keeps field reasons apart', () => {
    expect(describeError({ error: 'unprocessable_entity', reason: { terms: ['must be accepted'] } })).toEqual({
      code: 'unprocessable_entity',
      reason: null,
      fields: { terms: ['must be accepted'] },
    });
  });

  it('uses the spec sentence for conflicts', () => {
    expect(describeError({ error: 'conflict', reason: 'Document update conflict.' }).reason).toBe(
      'This record was updated by someone else, please refresh',
    );
  });

  it('falls back to undefined_error for client errors', () => {
    expect(describeError(new TypeError('boom'))).toEqual({ code: 'undefined_error', reason: 'boom', fields: null });
    expect(describeError(undefined)).toEqual({ code: 'undefined_error', reason: 'Undefined error', fields: null });
    expect(describeError('Network error').reason).toBe('Network error');
  });
});

describe('splitFieldReasons', () => {
  it('separates fields the form does not show', () => {
    expect(splitFieldReasons({ password: ['x'], locale: ['y'] }, ['password'])).toEqual({
      shown: { password: ['x'] },
      other: { locale: ['y'] },
    });
    expect(splitFieldReasons({ password: ['x'] }, ['password']).other).toBeNull();
  });
});
