// The only HTTP wrapper: every call to /db and /api goes through `request`.
import { ApiError, apiErrorFromResponse, networkError } from './api-error.ts';
import { loggedOut } from './emitter.ts';
import { useLoadingStore } from './loading-store.ts';
import { readToken } from './preferences.ts';
import { noteServerWrite } from './server-writes.ts';
import { currentRouteName } from './route-name.ts';
import { judgeSessionAnswer } from './session-answer.ts';
import { isNewerVersion, markNewVersion } from './version-store.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** A body that is not JSON (an OPML file), sent as it is with its type. */
  raw?: { content: string; type: string };
  query?: Record<string, string | number | boolean | undefined>;
  /** Defaults to the current route's name. */
  routeName?: string;
  /** Skips the loading spinner (background checks). */
  quiet?: boolean;
}

export const SESSION_PATH = '/db/_session';

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.raw) headers.set('Content-Type', options.raw.type);
  const routeName = options.routeName ?? currentRouteName();
  if (routeName) headers.set('X-Route-Name', routeName);
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function checkVersion(response: Response): void {
  if (isNewerVersion(response.headers.get('X-App-Version'), __APP_VERSION__)) markNewVersion();
}

async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      credentials: 'same-origin',
      headers: buildHeaders(options),
      body: options.raw ? options.raw.content : options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw networkError();
  }
}

/** Reads asked for ahead of the code that uses them (`askEarly`), each taken once by `request`. */
const early = new Map<string, { answer: Promise<Response>; at: number }>();
/** An early answer older than this is not used: the page asked for the read long after its start. */
const EARLY_FOR_MS = 10_000;

/**
 * Asks for `GET path` now, for a `request('GET', path)` the page will make once its code has
 * loaded: the round trip travels while the code still loads instead of after it. The answer is
 * used once, as if `request` had sent it then (its status, the session check, the version);
 * unused, it is dropped.
 */
export function askEarly(path: string): void {
  const answer = send('GET', path, { quiet: true });
  // Its failure is the later request's to handle; until then it is not unhandled.
  answer.catch(() => undefined);
  early.set(path, { answer, at: Date.now() });
}

function takeEarly(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> | null {
  if (method !== 'GET' || options.query) return null;
  const asked = early.get(path);
  if (!asked) return null;
  early.delete(path);
  return Date.now() - asked.at <= EARLY_FOR_MS ? asked.answer : null;
}

export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const loading = useLoadingStore.getState();
  if (!options.quiet) loading.start();
  try {
    const response = await (takeEarly(method, path, options) ?? send(method, path, options));
    if (method !== 'GET' && path !== SESSION_PATH) noteServerWrite();
    checkVersion(response);
    const body = await readBody(response);
    if (response.ok) return body as T;
    const error = apiErrorFromResponse(response.status, body);
    if ((response.status === 401 || response.status === 403) && path !== SESSION_PATH) {
      void verifySession();
    }
    throw error;
  } finally {
    if (!options.quiet) loading.stop();
  }
}

/**
 * A 401/403 may mean the session expired, or only that this resource is not ours: a failed
 * session check tells them apart (spec 000 §8). Session calls themselves are not re-checked.
 */
export async function verifySession(): Promise<void> {
  let response: Response;
  try {
    response = await send('GET', SESSION_PATH, { quiet: true });
  } catch {
    return; // offline: nothing can be concluded
  }
  checkVersion(response);
  // A visitor reads an anonymous userCtx with 200, as from CouchDB: that too is a session gone.
  if (judgeSessionAnswer(response.status, await readBody(response).catch(() => undefined)).kind === 'signed-out')
    loggedOut.emit();
}

export { ApiError };

/**
 * JSON from another site (the system notifications feed). It must never see our token or route
 * headers, so it bypasses `request`: no credentials, no custom headers, no spinner, no session check.
 */
export async function fetchExternalJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', headers: { Accept: 'application/json' } });
  } catch {
    throw networkError();
  }
  const body = await readBody(response);
  if (!response.ok) throw apiErrorFromResponse(response.status, body);
  return body;
}
