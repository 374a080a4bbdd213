// What an answer to the session check (GET /db/_session) says of the person. Only the server
// saying so signs out: an answer that says nothing (no connection, a 5xx from a proxy during a
// deploy, an HTML error page) keeps the session the device has, and the check is tried again.

export type SessionVerdict =
  | { kind: 'signed-in'; name: string }
  | { kind: 'signed-out' }
  /** `status`: the answer's (0: none came). */
  | { kind: 'unknown'; status: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `body`: the answer parsed as JSON, or its text when it is not JSON (undefined when empty). */
export function judgeSessionAnswer(status: number, body: unknown): SessionVerdict {
  if (status === 401) return { kind: 'signed-out' };
  if (status >= 200 && status < 300 && isRecord(body) && isRecord(body.userCtx)) {
    const { name } = body.userCtx;
    if (typeof name === 'string' && name) return { kind: 'signed-in', name };
    // CouchDB's own word for a visitor: a context without a name.
    if (name === null || name === undefined || name === '') return { kind: 'signed-out' };
  }
  return { kind: 'unknown', status };
}

/** A failed call the server did not really answer: no connection, or a server-side failure. */
export function unanswered(status: number): boolean {
  return status === 0 || status >= 500;
}
