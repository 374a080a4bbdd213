import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedOut } from './emitter.ts';
import { askEarly, request } from './http-client.ts';
import { useLoadingStore } from './loading-store.ts';
import { setCurrentRouteName } from './route-name.ts';
import { useVersionStore } from './version-store.ts';

function respond(status: number, body: unknown, version = 'dev'): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-App-Version': version },
  });
}

const fetchMock = vi.fn<typeof fetch>();
const storage = new Map<string, string>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  useVersionStore.setState({ available: false, dismissed: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  storage.clear();
});

function sentHeaders(call = 0): Headers {
  return fetchMock.mock.calls[call]![1]!.headers as Headers;
}

describe('request', () => {
  it('sends JSON with the route name and same-origin credentials', async () => {
    fetchMock.mockResolvedValueOnce(respond(200, { ok: true }));
    setCurrentRouteName('user#login');
    await expect(request('POST', '/db/_session', { body: { username: 'a' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/db/_session');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"username":"a"}' });
    expect(sentHeaders().get('X-Route-Name')).toBe('user#login');
    expect(sentHeaders().get('Authorization')).toBeNull();
  });

  it('uses a stored user token as a bearer', async () => {
    storage.set('moneta.token', 'secret');
    fetchMock.mockResolvedValueOnce(respond(200, {}));
    await request('GET', '/api/tokens', { query: { a: 1, b: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tokens?a=1');
    expect(sentHeaders().get('Authorization')).toBe('Bearer secret');
  });

  it('raises the new-version flag only for another real build', async () => {
    fetchMock.mockResolvedValueOnce(respond(200, {}, 'dev')).mockResolvedValueOnce(respond(200, {}, __APP_VERSION__));
    await request('GET', '/db/');
    await request('GET', '/db/');
    expect(useVersionStore.getState().available).toBe(false);
    fetchMock.mockResolvedValueOnce(respond(200, {}, 'newer-build'));
    await request('GET', '/db/');
    expect(useVersionStore.getState().available).toBe(true);
  });

  it('counts calls in flight', async () => {
    let finish: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const pending = request('GET', '/db/');
    expect(useLoadingStore.getState().pending).toBe(1);
    finish(respond(200, {}));
    await pending;
    expect(useLoadingStore.getState().pending).toBe(0);
  });

  it('throws the error envelope with its status', async () => {
    fetchMock.mockResolvedValueOnce(respond(422, { error: 'unprocessable_entity', reason: { password: ['x'] } }));
    await expect(request('PUT', '/api/password')).rejects.toMatchObject({
      status: 422,
      error: 'unprocessable_entity',
      reason: { password: ['x'] },
    });
  });

  it('turns a network failure into status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('GET', '/db/')).rejects.toMatchObject({
      status: 0,
      error: 'undefined_error',
      reason: 'Network error',
    });
    expect(useLoadingStore.getState().pending).toBe(0);
  });

  it('emits logged-out when a denied call is followed by a failed session check', async () => {
    const listener = vi.fn();
    const off = loggedOut.on(listener);
    fetchMock
      .mockResolvedValueOnce(respond(403, { error: 'forbidden', reason: 'Permission denied' }))
      .mockResolvedValueOnce(respond(401, { error: 'unauthorized', reason: 'Please, login again' }));
    await expect(request('GET', '/db/usr-x/doc')).rejects.toMatchObject({ status: 403 });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[1]![0]).toBe('/db/_session');
    off();
  });

  it('does not re-check after a session call or when the session is still valid', async () => {
    const listener = vi.fn();
    const off = loggedOut.on(listener);
    fetchMock.mockResolvedValueOnce(respond(401, { error: 'unauthorized', reason: 'Email or password is incorrect' }));
    await expect(request('POST', '/db/_session')).rejects.toMatchObject({ status: 401 });
    fetchMock
      .mockResolvedValueOnce(respond(403, { error: 'forbidden', reason: 'x' }))
      .mockResolvedValueOnce(respond(200, { ok: true, userCtx: { name: 'usr-1', roles: [] } }));
    await expect(request('GET', '/db/acc-x')).rejects.toMatchObject({ status: 403 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(listener).not.toHaveBeenCalled();
    off();
  });
});

describe('a read asked for early', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the first request for it once, as if sent then, and later ones anew', async () => {
    fetchMock.mockResolvedValueOnce(respond(200, { name: 'Oficina' })).mockResolvedValueOnce(respond(200, { n: 2 }));
    askEarly('/db/accounts/acc-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(request('GET', '/db/accounts/acc-1')).resolves.toEqual({ name: 'Oficina' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(request('GET', '/db/accounts/acc-1')).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('passes its refusal on as the request’s, and is not used once stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    fetchMock
      .mockResolvedValueOnce(respond(404, { error: 'not_found', reason: 'missing' }))
      .mockResolvedValueOnce(respond(200, { early: true }))
      .mockResolvedValueOnce(respond(200, { early: false }))
      .mockResolvedValue(respond(200, {}));
    askEarly('/db/accounts/acc-2');
    await expect(request('GET', '/db/accounts/acc-2')).rejects.toMatchObject({ status: 404, error: 'not_found' });
    askEarly('/db/accounts/acc-3');
    vi.setSystemTime(Date.now() + 11_000);
    await expect(request('GET', '/db/accounts/acc-3')).resolves.toEqual({ early: false });
  });
});
