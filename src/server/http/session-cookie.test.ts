import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { decodeSession, encodeSession, newClaims, readCookie, SESSION_COOKIE } from './session-cookie.ts';

const OLD = 'o'.repeat(32);
const NEW = 'n'.repeat(32);
const NOW = Date.UTC(2026, 10, 27);

const request = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as Request;

describe('readCookie', () => {
  it('finds a cookie among others, whatever the spacing', () => {
    const header = `a=1;${SESSION_COOKIE}=abc.def;  moneta_locale=pt-BR`;
    expect(readCookie(request(header), SESSION_COOKIE)).toBe('abc.def');
    expect(readCookie(request(header), 'moneta_locale')).toBe('pt-BR');
  });

  it('keeps the first of a name sent twice, and answers null for a missing one or no header', () => {
    expect(readCookie(request('x=first; x=second'), 'x')).toBe('first');
    expect(readCookie(request('x=1'), 'y')).toBeNull();
    expect(readCookie(request(), 'x')).toBeNull();
    expect(readCookie(request(''), 'x')).toBeNull();
  });

  it('keeps base64url values whole, padding and dots included', () => {
    expect(readCookie(request('s=eyJzdWIiOiJ1In0=.c2ln-_'), 's')).toBe('eyJzdWIiOiJ1In0=.c2ln-_');
  });
});

describe('session keys', () => {
  const claims = newClaims('usr-1', 1, false, NOW);

  it('signs with the newest key and verifies with every key of the list', () => {
    const signedOld = encodeSession(claims, OLD);
    const signedNew = encodeSession(claims, `${NEW},${OLD}`);
    expect(decodeSession(signedOld, `${NEW},${OLD}`, NOW)).toEqual(claims);
    expect(decodeSession(signedNew, NEW, NOW)).toEqual(claims);
    expect(decodeSession(signedNew, OLD, NOW)).toBeNull();
  });

  it('refuses a cookie signed with a key taken out of the list', () => {
    expect(decodeSession(encodeSession(claims, OLD), NEW, NOW)).toBeNull();
  });

  it('refuses a changed payload, a cut signature and an expired session', () => {
    const value = encodeSession(claims, NEW);
    const [payload, signature] = value.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'usr-2' })).toString('base64url');
    expect(decodeSession(`${forged}.${signature}`, NEW, NOW)).toBeNull();
    expect(decodeSession(`${payload}.${signature.slice(1)}`, NEW, NOW)).toBeNull();
    expect(decodeSession(value, NEW, claims.exp)).toBeNull();
  });
});

describe('SESSION_SECRET', () => {
  it('takes a comma list, newest first, spaces around keys ignored', () => {
    expect(loadConfig({ SESSION_SECRET: ` ${NEW} , ${OLD} ` }).sessionSecret).toBe(`${NEW},${OLD}`);
    expect(loadConfig({ SESSION_SECRET: NEW }).sessionSecret).toBe(NEW);
    expect(loadConfig({}).sessionSecret).toBeNull();
  });

  it('refuses a list with a key shorter than 32 characters', () => {
    expect(() => loadConfig({ SESSION_SECRET: `${NEW},short` })).toThrow(/SESSION_SECRET/);
  });
});
