// Validation of the sign-up, profile and password forms. The browser runs it before sending
// and the server runs it again on what it receives, so both give the same messages.
import isEmail from 'validator/lib/isEmail.js';
import { FIELD_MESSAGES as M, FieldErrors } from './errors.ts';
import { isLocale } from './locale.ts';
import { PASSWORD_MIN_LENGTH, TOKEN_PERMISSIONS } from './user.ts';

const MAX_NAME = 100;
const MAX_EMAIL = 254;
/** Longer passwords are refused before any hashing, at sign-up and at login alike. */
export const MAX_PASSWORD = 200;

/** Control, format (bidi overrides, zero-width) and separator characters: never part of an address. */
const INVISIBLE = /[\p{C}\p{Z}]/u;

/**
 * A plain mailbox `local@domain.tld`, as validator.js checks it: no display name, no IP domain, an
 * ASCII local part; plus nothing invisible anywhere, so the address stored is the address mailed.
 */
export function isValidEmail(value: string): boolean {
  return (
    value.length <= MAX_EMAIL &&
    !INVISIBLE.test(value) &&
    isEmail(value, {
      allow_display_name: false,
      require_tld: true,
      allow_ip_domain: false,
      allow_utf8_local_part: false,
      ignore_max_length: false,
    })
  );
}

export const TOO_SHORT_PASSWORD = `${M.tooShort} (minimum is ${PASSWORD_MIN_LENGTH} characters)`;
export const TOO_LONG_NAME = `${M.tooLong} (maximum is ${MAX_NAME} characters)`;

type Input = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function checkEmail(errors: FieldErrors, field: string, value: unknown): void {
  const email = text(value).trim();
  if (!email) errors.add(field, M.blank);
  else if (!isValidEmail(email)) errors.add(field, M.invalid);
}

/** The confirmation is compared when the form has one, or whenever it was sent. */
function checkNewPassword(errors: FieldErrors, input: Input, { form }: { form: boolean }): void {
  const password = text(input.password);
  if (!password) errors.add('password', M.blank);
  else if (password.length < PASSWORD_MIN_LENGTH) errors.add('password', TOO_SHORT_PASSWORD);
  else if (password.length > MAX_PASSWORD) errors.add('password', M.tooLong);
  const compare = form ? Boolean(password || input.password_confirmation) : input.password_confirmation !== undefined;
  if (compare && password !== text(input.password_confirmation)) {
    errors.add('password_confirmation', M.mismatch);
  }
}

function checkFullname(errors: FieldErrors, value: unknown): void {
  if (value !== undefined && value !== null && typeof value !== 'string') errors.add('fullname', M.invalid);
  else if (text(value).length > MAX_NAME) errors.add('fullname', TOO_LONG_NAME);
}

/**
 * Sign-up. In the browser the confirmation and the terms are checked too (`form: true`);
 * the server receives the spec's payload, which carries neither.
 */
export function validateRegistration(input: Input, { form = false } = {}): FieldErrors {
  const errors = new FieldErrors();
  checkEmail(errors, 'unconfirmed_email', input.unconfirmed_email);
  checkFullname(errors, input.fullname);
  checkNewPassword(errors, input, { form });
  if (form && input.terms !== true) errors.add('terms', M.accepted);
  if (input.locale !== undefined && !isLocale(input.locale)) errors.add('locale', M.inclusion);
  return errors;
}

export function validateLogin(input: Input): boolean {
  return Boolean(text(input.username ?? input.name).trim() && text(input.password));
}

/** Profile edit: full name and e-mail, with the current password. */
export function validateProfileUpdate(input: Input): FieldErrors {
  const errors = new FieldErrors();
  checkFullname(errors, input.fullname);
  if (input.unconfirmed_email !== undefined) checkEmail(errors, 'unconfirmed_email', input.unconfirmed_email);
  if (input.locale !== undefined && !isLocale(input.locale)) errors.add('locale', M.inclusion);
  if (!text(input.current_password)) errors.add('current_password', M.blank);
  return errors;
}

/** Password change from the profile (with the current password) or from a reset link (with the token). */
export function validatePasswordChange(
  input: Input,
  { needsCurrent, form = false }: { needsCurrent: boolean; form?: boolean },
): FieldErrors {
  const errors = new FieldErrors();
  checkNewPassword(errors, input, { form });
  if (needsCurrent && !text(input.current_password)) errors.add('current_password', M.blank);
  return errors;
}

export function validateEmailRequest(input: Input): FieldErrors {
  const errors = new FieldErrors();
  checkEmail(errors, 'email', input.email);
  return errors;
}

/** A new user token: what it is for, and whether it may write. */
export function validateTokenForm(input: Input): FieldErrors {
  const errors = new FieldErrors();
  const description = text(input.description).trim();
  if (!description) errors.add('description', M.blank);
  else if (description.length > MAX_NAME) errors.add('description', `${M.tooLong} (maximum is ${MAX_NAME} characters)`);
  if (!(TOKEN_PERMISSIONS as readonly unknown[]).includes(input.permissions)) errors.add('permissions', M.inclusion);
  return errors;
}
