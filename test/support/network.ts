// The network, as component tests see it: no server, unless a test answers requests itself.
// PouchDB keeps the `fetch` it finds when it loads, so the stand-in is installed once, before any
// module of the app, and passes each request to the answer of the test running.

export interface SentRequest {
  method: string;
  url: URL;
  body: string | null;
}

type Answer = (request: SentRequest) => Response | Promise<Response>;

/** What a browser without a connection does: every request fails as a network error. */
const offline: Answer = () => Promise.reject(new TypeError('Failed to fetch'));

let answer: Answer = offline;
const sent: SentRequest[] = [];

export function installNetwork(): void {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), globalThis.location.href);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const body = typeof init?.body === 'string' ? init.body : null;
    const request = { method, url, body };
    sent.push(request);
    return answer(request);
  };
}

/** Answers this test's requests; the requests sent so far are returned (the list grows). */
export function answerRequests(handler: Answer): SentRequest[] {
  answer = handler;
  return sent;
}

export function resetNetwork(): void {
  answer = offline;
  sent.length = 0;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
