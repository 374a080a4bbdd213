// File contents to and from the server's `/api` routes: bytes as they are, with the upload's
// progress (fetch reports none while sending, so uploads go through XMLHttpRequest), and the same
// headers, error envelope and session check as every other call (http-client.ts).
import { apiErrorFromResponse, networkError } from './api-error.ts';
import { readToken } from './preferences.ts';
import { currentRouteName } from './route-name.ts';
import { noteServerWrite } from './server-writes.ts';

export interface UploadOptions {
  query?: Record<string, string | undefined>;
  /** Bytes sent so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

function urlOf(path: string, query: UploadOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** Sends `body` as the request's bytes (its type as Content-Type) and resolves to the JSON answer. */
export function uploadBytes<T>(method: 'POST' | 'PUT', path: string, body: Blob, options: UploadOptions = {}) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, urlOf(path, options.query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', body.type || 'application/octet-stream');
    const route = currentRouteName();
    if (route) xhr.setRequestHeader('X-Route-Name', route);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : body.size);
    xhr.onload = () => {
      noteServerWrite();
      const answer = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(body.size, body.size);
        resolve(answer as T);
      } else reject(apiErrorFromResponse(xhr.status, answer));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(networkError());
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The bytes at `path` (a file's content), whole. */
export async function downloadBytes(path: string, query: UploadOptions['query'] = {}): Promise<Blob> {
  const headers = new Headers();
  const route = currentRouteName();
  if (route) headers.set('X-Route-Name', route);
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), { credentials: 'same-origin', headers });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, parse(await response.text()));
  return response.blob();
}
