// A fetch wrapper with its own cookie jar: one instance plays one browser.
export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export class HttpClient {
  private cookies = new Map<string, string>();
  bearer: string | null = null;

  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** This jar's cookies for a browser context (Playwright's addCookies): the same person signed in there. */
  browserCookies(): Array<{ name: string; value: string; url: string }> {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.base }));
  }

  async raw(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const res = await fetch(this.base + path, { method, headers, body: init.body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return res;
  }

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<HttpResult<T>> {
    const res = await this.raw(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.call<T>('GET', path);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.call<T>('POST', path, body);
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.call<T>('PUT', path, body);
  }
  delete<T = Record<string, unknown>>(path: string) {
    return this.call<T>('DELETE', path);
  }
}
