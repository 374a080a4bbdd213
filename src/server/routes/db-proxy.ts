// `/db/{usr-…|acc-…}/…`: the CouchDB API of one database, behind our authorisation. The request is
// judged by the domain rules (who may read, which documents they may write) and only then sent to
// the store with admin credentials. Every write path is checked: single documents, attachments,
// `_bulk_docs` (also with `new_edits: false`, as replication sends it) and `_local` checkpoints.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Request, Response } from 'express';
import { Router } from 'express';
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors';
import { databaseKind } from '../../domain/ids';
import { completeStamps } from '../../domain/records';
import {
  type Actor,
  allowsOperation,
  canReadDatabase,
  checkDocWrite,
  classifyDbRequest,
  type DocWrite,
  type GroupAccess,
  type WriteVerdict,
} from '../../domain/permissions';
import type { AppContext } from '../context';
import { asyncRoute } from '../http/async-route';
import { requireActive } from '../http/authenticate';
import { badRequest, forbidden, HttpError, notFound } from '../http/http-error';
import { afterWrite, isGroupAdmin } from '../services/groups';

const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'if-match', 'if-none-match'];
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'etag',
  'cache-control',
  'content-disposition',
  'x-couch-update-newrev',
];

function fail(verdict: Exclude<WriteVerdict, { ok: true }>): HttpError {
  return verdict.status === 403 ? forbidden(verdict.reason) : new HttpError(422, verdict.reason);
}

function isJson(req: Request): boolean {
  return (req.headers['content-type'] ?? '').includes('application/json');
}

interface BulkResult {
  id?: string;
  rev?: string;
  ok?: boolean;
  error?: string;
  reason?: unknown;
}

export function dbProxyRoutes(ctx: AppContext): Router {
  const router = Router();

  /**
   * Sends the request on to the store and streams the answer back. `written` lists the documents
   * a write carried, for the side effects that follow a successful write.
   */
  async function forward(
    req: Request,
    res: Response,
    db: string,
    rest: string,
    body?: unknown,
    written: readonly DocWrite[] = [],
  ): Promise<void> {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let payload: BodyInit | undefined;
    if (body !== undefined) payload = JSON.stringify(body);
    else if (Buffer.isBuffer(req.body) && req.body.length > 0) payload = new Uint8Array(req.body);
    else if (isJson(req) && !['GET', 'HEAD'].includes(req.method)) payload = JSON.stringify(req.body ?? {});
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const upstream = await ctx.store.fetch(`/${encodeURIComponent(db)}${rest ? `/${rest}` : ''}${query}`, {
      method: req.method,
      headers,
      body: payload,
      signal: controller.signal,
    });
    if (upstream.ok && written.length > 0) await afterWrite(ctx, db, written);
    res.status(upstream.status);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    if (!upstream.body || req.method === 'HEAD') {
      res.end();
      return;
    }
    // Streamed, so long-polling and continuous change feeds pass through as they come.
    Readable.fromWeb(upstream.body as WebReadableStream)
      .on('error', () => res.end())
      .pipe(res);
  }

  async function bulkDocs(
    req: Request,
    res: Response,
    actor: Actor,
    userId: string,
    db: string,
    access: GroupAccess,
  ): Promise<void> {
    const body = req.body as { docs?: unknown; new_edits?: unknown };
    const docs = body?.docs;
    if (
      !isJson(req) ||
      !Array.isArray(docs) ||
      !docs.every((d) => d !== null && typeof d === 'object' && !Array.isArray(d))
    ) {
      throw badRequest({ docs: [FIELD_MESSAGES.invalid] });
    }
    const verdicts = (docs as DocWrite[]).map((doc) => checkDocWrite(actor, db, doc, access));
    // As CouchDB does with validate_doc_update: a refused document gets its own error entry and the
    // others are written, so one bad record cannot stall a device's whole replication.
    const denied: BulkResult[] = (docs as DocWrite[]).flatMap((doc, i) => {
      const v = verdicts[i]!;
      if (v.ok) return [];
      return [
        {
          id: typeof doc?._id === 'string' ? doc._id : undefined,
          error: v.status === 403 ? 'forbidden' : 'unprocessable_entity',
          reason: v.reason,
        },
      ];
    });
    const now = new Date();
    const allowedDocs = (docs as DocWrite[])
      .filter((_, i) => verdicts[i]!.ok)
      .map((doc) => (body.new_edits === false ? doc : completeStamps(doc, userId, now)));
    if (denied.length === 0) return forward(req, res, db, '_bulk_docs', { ...body, docs: allowedDocs }, allowedDocs);
    let results: BulkResult[] = [];
    let status = 201;
    if (allowedDocs.length > 0) {
      const upstream = await ctx.store.fetch(`/${encodeURIComponent(db)}/_bulk_docs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...body, docs: allowedDocs }),
      });
      status = upstream.status;
      if (upstream.ok) await afterWrite(ctx, db, allowedDocs);
      const parsed = (await upstream.json()) as BulkResult[] | { error: string; reason: string };
      if (!Array.isArray(parsed)) {
        res.status(status).json(parsed);
        return;
      }
      results = parsed;
    }
    if (body.new_edits === false) {
      res.status(status).json([...results, ...denied]);
      return;
    }
    // With new_edits, results come one per document, in order: put the refusals back in place.
    const merged: BulkResult[] = [];
    let next = 0;
    let refusal = 0;
    verdicts.forEach((v) => merged.push(v.ok ? results[next++]! : denied[refusal++]!));
    res.status(status).json(merged);
  }

  /** Checks a write addressed to one document (or one of its attachments); returns the body to send. */
  async function checkSingleWrite(
    actor: Actor,
    userId: string,
    db: string,
    access: GroupAccess,
    docId: string,
    onDocument: boolean,
    req: Request,
  ): Promise<unknown> {
    if (req.method === 'PUT' && onDocument) {
      if (!isJson(req)) throw new HttpError(415, 'Documents are sent as application/json');
      const doc = (req.body ?? {}) as DocWrite;
      if (doc._id !== undefined && doc._id !== docId) throw badRequest({ _id: [FIELD_MESSAGES.invalid] });
      const verdict = checkDocWrite(actor, db, { ...doc, _id: docId }, access);
      if (!verdict.ok) throw fail(verdict);
      return completeStamps({ ...doc, _id: docId }, userId, new Date());
    }
    // Deleting a document, or changing one of its attachments: judged by the stored document.
    const current = await ctx.store.get(db, docId);
    const isDelete = req.method === 'DELETE' && onDocument;
    const verdict = checkDocWrite(
      actor,
      db,
      isDelete || !current ? { _id: docId, _deleted: isDelete, ...(current ? { klass: current.klass } : {}) } : current,
      access,
    );
    if (!verdict.ok) throw fail(verdict);
    return undefined;
  }

  router.all(
    /^\/([^/_][^/]*)(?:\/(.*))?$/,
    asyncRoute(async (req, res) => {
      const db = decodeURIComponent(req.params[0] ?? '');
      const rest = req.params[1] ?? '';
      if (!databaseKind(db)) throw notFound();
      const auth = await requireActive(ctx, req, res);
      if (!canReadDatabase(auth.actor, db)) throw forbidden(MESSAGES.forbidden);
      const segments = rest === '' ? [] : rest.split('/').map((s) => decodeURIComponent(s));
      const operation = classifyDbRequest(req.method, segments);
      if (!allowsOperation(auth.actor, operation, db)) throw forbidden(MESSAGES.forbidden);
      if (operation.kind !== 'write') return forward(req, res, db, rest);
      // Whether the caller administers this group matters only for writes: asked only then.
      const access: GroupAccess = {
        admin: databaseKind(db) === 'group' && (await isGroupAdmin(ctx, db, auth.user._id)),
      };
      if (operation.body === 'bulk') return bulkDocs(req, res, auth.actor, auth.user._id, db, access);
      if (operation.docId === undefined) {
        // POST /{db}: the document is the body.
        if (!isJson(req)) throw new HttpError(415, 'Documents are sent as application/json');
        const sent = (req.body ?? {}) as DocWrite;
        const verdict = checkDocWrite(auth.actor, db, sent, access);
        if (!verdict.ok) throw fail(verdict);
        const doc = completeStamps(sent, auth.user._id, new Date());
        return forward(req, res, db, rest, doc, [doc]);
      }
      const body = await checkSingleWrite(
        auth.actor,
        auth.user._id,
        db,
        access,
        operation.docId,
        segments.length === 1,
        req,
      );
      return forward(req, res, db, rest, body, body ? [body as DocWrite] : []);
    }),
  );
  return router;
}
