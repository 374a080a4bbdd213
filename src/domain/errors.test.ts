import { describe, expect, it } from 'vitest';
import { FieldErrors, isFieldReasons, reasonKey } from './errors.ts';
import { defaultLocale } from './locale.ts';
import { isId, klassOfId, newId } from './ids.ts';

describe('reasonKey', () => {
  it('turns spaces into hyphens and drops apostrophes, dots and commas (spec 000 §8)', () => {
    expect(reasonKey("can't be blank")).toBe('cant-be-blank');
    expect(reasonKey("doesn't match")).toBe('doesnt-match');
    expect(reasonKey('Please, confirm your email first')).toBe('Please-confirm-your-email-first');
    expect(reasonKey('Token already used or expired, please request a new one')).toBe(
      'Token-already-used-or-expired-please-request-a-new-one',
    );
  });
});

describe('FieldErrors', () => {
  it('collects messages per field', () => {
    const errors = new FieldErrors().add('a', 'x').add('a', 'y').add('b', 'z');
    expect(errors.hasErrors).toBe(true);
    expect(errors.reasons).toEqual({ a: ['x', 'y'], b: ['z'] });
    expect(isFieldReasons(errors.reasons)).toBe(true);
    expect(isFieldReasons('text')).toBe(false);
    expect(isFieldReasons({ a: 'x' })).toBe(false);
  });
});

describe('defaultLocale', () => {
  it('is pt-BR only when the browser languages include it', () => {
    expect(defaultLocale(['en-US', 'pt-BR'])).toBe('pt-BR');
    expect(defaultLocale(['pt-br'])).toBe('pt-BR');
    expect(defaultLocale(['pt-PT', 'fr'])).toBe('en');
    expect(defaultLocale([])).toBe('en');
  });
});

describe('ids', () => {
  it('are prefix-uuid', () => {
    const id = newId('Ticket');
    expect(isId(id, 'tik')).toBe(true);
    expect(isId(id, 'cus')).toBe(false);
    expect(klassOfId(id)).toBe('Ticket');
    expect(isId('tik-123')).toBe(false);
    expect(klassOfId('zzz-00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
