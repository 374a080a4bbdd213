import { describe, expect, it } from 'vitest';
import { judgeSessionAnswer } from './session-answer.ts';

const SIGNED_IN = { kind: 'signed-in', name: 'usr-1' } as const;
const SIGNED_OUT = { kind: 'signed-out' } as const;
const unknown = (status: number) => ({ kind: 'unknown', status }) as const;

describe('judgeSessionAnswer', () => {
  it.each([
    ['a session', 200, { ok: true, userCtx: { name: 'usr-1', roles: [] } }, SIGNED_IN],
    ['a visitor (CouchDB answers 200)', 200, { ok: true, userCtx: { name: null, roles: [] } }, SIGNED_OUT],
    ['a visitor without a name field', 200, { ok: true, userCtx: { roles: [] } }, SIGNED_OUT],
    ['an empty name', 200, { ok: true, userCtx: { name: '' } }, SIGNED_OUT],
    ['a session refused', 401, { error: 'unauthorized', reason: 'Session expired' }, SIGNED_OUT],
    ['no answer (offline)', 0, undefined, unknown(0)],
    ['a server error', 500, { error: 'internal_server_error' }, unknown(500)],
    ['a proxy with no upstream', 502, '<html><body>Bad Gateway</body></html>', unknown(502)],
    ['a deploy under way', 503, '', unknown(503)],
    ['a gateway timeout', 504, undefined, unknown(504)],
    ['an HTML page with 200 (a captive portal)', 200, '<!doctype html><title>Sign in to Wi-Fi</title>', unknown(200)],
    ['an empty 200', 200, undefined, unknown(200)],
    ['JSON that is not a session', 200, { status: 'ok' }, unknown(200)],
    ['a list', 200, [], unknown(200)],
    ['a name that is not text', 200, { userCtx: { name: 42 } }, unknown(200)],
    ['a proxy’s 403 (a firewall page)', 403, '<html>Forbidden</html>', unknown(403)],
    ['too many requests', 429, { error: 'too_many_requests' }, unknown(429)],
    ['a proxy’s 404', 404, '<html>Not Found</html>', unknown(404)],
  ])('%s', (_case, status, body, verdict) => {
    expect(judgeSessionAnswer(status, body)).toEqual(verdict);
  });
});
