import { describe, expect, it } from 'vitest';
import { confirmationDaysLeft, confirmationExpired, initials, isUnconfirmed, passwordResetExpired } from './user.ts';

const day = 24 * 3600_000;
const sent = '2026-01-01T00:00:00.000Z';
const base = { confirmed_at: null, unconfirmed_email: 'a@b.co', confirmation_sent_at: sent, created_at: sent };
const at = (ms: number) => new Date(Date.parse(sent) + ms);

describe('confirmation window', () => {
  it('counts whole days left of 30 and blocks access after them', () => {
    expect(confirmationDaysLeft(base, at(0))).toBe(30);
    expect(confirmationDaysLeft(base, at(27.5 * day))).toBe(3);
    expect(confirmationDaysLeft(base, at(28 * day))).toBe(2);
    // Under two days left the banner says one (spec 000), not the rounded-up two.
    expect(confirmationDaysLeft(base, at(28.5 * day))).toBe(1);
    expect(confirmationDaysLeft(base, at(28.1 * day))).toBe(1);
    expect(confirmationDaysLeft(base, at(29.5 * day))).toBe(1);
    expect(confirmationDaysLeft(base, at(29.999 * day))).toBe(1);
    expect(confirmationExpired(base, at(29.9 * day))).toBe(false);
    expect(confirmationDaysLeft(base, at(30 * day))).toBe(0);
    expect(confirmationExpired(base, at(31 * day))).toBe(true);
  });

  it('never blocks a confirmed user, even with a new address pending', () => {
    const confirmed = { ...base, confirmed_at: sent };
    expect(confirmationDaysLeft(confirmed, at(90 * day))).toBeNull();
    expect(confirmationExpired(confirmed, at(90 * day))).toBe(false);
    expect(isUnconfirmed(confirmed)).toBe(true);
    expect(isUnconfirmed({ confirmed_at: sent, unconfirmed_email: null })).toBe(false);
  });
});

describe('password reset window', () => {
  it('lasts 24 hours', () => {
    expect(passwordResetExpired(sent, at(23.9 * 3600_000))).toBe(false);
    expect(passwordResetExpired(sent, at(24.1 * 3600_000))).toBe(true);
    expect(passwordResetExpired(null, at(0))).toBe(true);
  });
});

describe('initials', () => {
  it('takes first and last names, one name, or the e-mail', () => {
    expect(initials('Maria Clara Lima')).toBe('ML');
    expect(initials('ana')).toBe('AN');
    expect(initials('', 'zed@example.com')).toBe('Z');
    expect(initials(null, null)).toBe('?');
  });
});
