import { describe, expect, it } from 'vitest';
import { validatePasswordChange, validateProfileUpdate, validateRegistration } from './account-forms.ts';

describe('validateRegistration', () => {
  const valid = {
    unconfirmed_email: 'ana@example.com',
    fullname: 'Ana',
    password: 'longenough',
    password_confirmation: 'longenough',
    terms: true,
  };

  it('accepts a complete form', () => {
    expect(validateRegistration(valid, { form: true }).reasons).toEqual({});
  });

  it('gives the spec messages in the browser: blank e-mail, mismatched confirmation, terms not accepted', () => {
    const errors = validateRegistration(
      { ...valid, unconfirmed_email: ' ', password_confirmation: 'other', terms: false },
      { form: true },
    );
    expect(errors.reasons).toEqual({
      unconfirmed_email: ["can't be blank"],
      password_confirmation: ["doesn't match"],
      terms: ['must be accepted'],
    });
  });

  it('on the server ignores the confirmation and the terms, which the spec payload does not carry', () => {
    expect(validateRegistration({ unconfirmed_email: 'a@b.co', password: 'longenough' }).hasErrors).toBe(false);
  });

  it('rejects malformed addresses, short passwords and unknown locales', () => {
    expect(validateRegistration({ unconfirmed_email: 'nobody', password: 'short', locale: 'de' }).reasons).toEqual({
      unconfirmed_email: ['is invalid'],
      password: ['is too short (minimum is 8 characters)'],
      locale: ['is not included in the list'],
    });
  });

  it('rejects values of the wrong type', () => {
    expect(validateRegistration({ unconfirmed_email: ['a@b.co'], password: 12345678, fullname: {} }).reasons).toEqual({
      unconfirmed_email: ["can't be blank"],
      password: ["can't be blank"],
      fullname: ['is invalid'],
    });
  });
});

describe('validatePasswordChange', () => {
  it('needs the current password on the profile and a matching confirmation in the form', () => {
    expect(
      validatePasswordChange({ password: 'longenough', password_confirmation: 'x' }, { needsCurrent: true, form: true })
        .reasons,
    ).toEqual({
      password_confirmation: ["doesn't match"],
      current_password: ["can't be blank"],
    });
  });

  it('compares the confirmation on the server only when it was sent', () => {
    expect(validatePasswordChange({ password: 'longenough' }, { needsCurrent: false }).hasErrors).toBe(false);
    expect(
      validatePasswordChange({ password: 'longenough', password_confirmation: '' }, { needsCurrent: false }).reasons,
    ).toEqual({
      password_confirmation: ["doesn't match"],
    });
  });
});

describe('validateProfileUpdate', () => {
  it('needs the current password and checks a new address', () => {
    expect(validateProfileUpdate({ unconfirmed_email: 'x' }).reasons).toEqual({
      unconfirmed_email: ['is invalid'],
      current_password: ["can't be blank"],
    });
  });
});
