// `/db/{usr-…|acc-…}/…`: the CouchDB API of one database, behind our authorisation. The endpoint
// was parsed and classified once (proxy/endpoints.ts); here the caller is authenticated, the body
// read with the endpoint's limit and shape, each write judged beside the stored version of its
// document (services/db-writes.ts), and only then is the store called, at a URL rebuilt from the
// parsed parts (proxy/forward.ts). Every write path is checked: single documents, attachments,
// `_bulk_docs` (also with `new_edits: false`, as replication sends it) and `_local` checkpoints;
// after each accepted one the group's bookkeeping, the free-limit check and every module's hook run.
import type { Request, Response } from 'express';
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors.ts';
import { databaseKind, isId } from '../../domain/ids.ts';
import { canReadDatabase, CLIENT_UPDATE_HANDLERS, type DocWrite } from '../../domain/permissions.ts';
import type { AppContext } from '../context.ts';
import { authenticate, type Auth, readCredentials, requireActive } from '../http/authenticate.ts';
import { asObject, readJsonBody, readRawBody } from '../http/body.ts';
import { badRequest, forbidden, notFound } from '../http/http-error.ts';
import {
  BODY_LIMITS,
  bulkDocsBody,
  bulkGetBody,
  changesBody,
  documentBody,
  findBody,
  keysBody,
  localBody,
  revsDiffBody,
} from '../proxy/bodies.ts';
import { proxyLiveFeed } from '../proxy/changes.ts';
import type { DbRequest, DbTarget } from '../proxy/endpoints.ts';
import { callStore, clientSignal, type ForwardOptions, relay, storePath } from '../proxy/forward.ts';
import { type BulkResult, bulkAnswer, storeReads, WriteJudge, writtenAttachment } from '../services/db-writes.ts';
import { freeLimitChecks, requestPlan, writeLockOf } from '../services/billing.ts';
import { afterWrite, parentFor } from '../services/groups.ts';
import { afterModuleWrites, moduleUpdateHandler } from '../modules/index.ts';
import { acceptInvite, removeMembership, updateMembership } from '../services/memberships.ts';
import { designDocsFor } from '../store/design-docs.ts';

type DbEndpoint = Extract<DbRequest['endpoint'], { area: 'db' }>;

/** What changes data, and so is closed to read-only tokens. */
function isWrite(method: string, target: DbTarget): boolean {
  switch (target.kind) {
    case 'bulk_docs':
    case 'update':
    case 'ensure_full_commit':
      return true;
    case 'info':
      return method === 'POST';
    case 'local':
    case 'doc':
    case 'attachment':
      return method === 'PUT' || method === 'DELETE';
    default:
      return false;
  }
}

/** The deployed views and update handlers of a database kind: the only design functions clients reach. */
function deployed(db: string, ddoc: string): { views: string[]; updates: string[] } | null {
  const kind = databaseKind(db);
  const doc = kind && designDocsFor(kind).find((d) => d._id === `_design/${ddoc}`);
  return doc ? { views: Object.keys(doc.views ?? {}), updates: Object.keys(doc.updates ?? {}) } : null;
}

export function databaseHandler(ctx: AppContext) {
  const body = async (req: Request, kind: DbTarget['kind']) => readJsonBody(req, BODY_LIMITS[kind], ctx.bodies);

  // The clock is read at each write (a test moves it), not taken once here.
  const judge = new WriteJudge(storeReads(ctx), () => ctx.now());
  const caller = (auth: Auth) => ({ actor: auth.actor, userId: auth.user._id });
  const checkFreeLimit = freeLimitChecks(ctx);

  /**
   * What follows every accepted write, whatever its path: the group's own bookkeeping, the free
   * limit's count (started, not awaited), then each module's.
   */
  async function afterAccepted(db: string, docs: readonly DocWrite[]): Promise<void> {
    await afterWrite(ctx, db, docs);
    checkFreeLimit(db, docs);
    await afterModuleWrites(ctx, db, docs);
  }

  /** Calls the store and relays its answer; `written` names what a successful write carried, for its side effects. */
  async function forward(
    req: Request,
    res: Response,
    options: ForwardOptions,
    written?: { db: string; docs: readonly DocWrite[] },
  ) {
    const upstream = await callStore(ctx, { ...options, signal: clientSignal(req, res) });
    if (upstream.ok && written) await afterAccepted(written.db, written.docs);
    await relay(res, upstream, options);
  }

  /**
   * A document read; with `fields` (spec 001: `?fields=content,content_type`, an API client
   * reading an item's body), only those fields beside `_id` and `_rev`. The store is asked for the
   * whole document, as CouchDB has no such parameter.
   */
  async function readDocument(req: Request, res: Response, options: ForwardOptions): Promise<void> {
    const wanted = options.params?.get('fields');
    if (wanted === null || wanted === undefined) return forward(req, res, options);
    const params = new URLSearchParams(options.params);
    params.delete('fields');
    const upstream = await callStore(ctx, { ...options, params, signal: clientSignal(req, res) });
    if (!upstream.ok || options.method !== 'GET') return relay(res, upstream, options);
    const doc = (await upstream.json()) as Record<string, unknown>;
    // `open_revs` answers a list of revisions: given whole, as the store wrote it.
    if (Array.isArray(doc)) return void res.json(doc);
    const names = ['_id', '_rev', ...wanted.split(',').map((name) => name.trim())];
    res.json(Object.fromEntries(names.filter((name) => Object.hasOwn(doc, name)).map((name) => [name, doc[name]])));
  }

  async function bulkDocs(req: Request, res: Response, auth: Auth, db: string, path: string): Promise<void> {
    const input = bulkDocsBody(await body(req, 'bulk_docs'));
    const judged = await judge.judgeBulk(db, caller(auth), input.docs as DocWrite[], input.new_edits === false);
    let results: BulkResult[] = [];
    let status = 201;
    if (judged.allowed.length > 0) {
      const upstream = await callStore(ctx, { method: 'POST', path, json: { ...input, docs: judged.allowed } });
      if (!upstream.ok) return relay(res, upstream, { method: 'POST', path });
      status = upstream.status;
      await afterAccepted(db, judged.allowed);
      results = (await upstream.json()) as BulkResult[];
    }
    res.status(status).json(bulkAnswer(judged, results));
  }

  /**
   * A write addressed to one document or one of its attachments, judged as the revision it makes
   * beside the stored one: an attachment written or removed is a change of its document.
   */
  async function singleWrite(
    req: Request,
    res: Response,
    auth: Auth,
    db: string,
    target: { id: string; attachment?: readonly string[] },
    options: ForwardOptions,
  ): Promise<void> {
    const { id } = target;
    if (target.attachment) {
      const written = options.method === 'PUT' ? writtenAttachment(req) : null;
      // Judged before the body is read: refused bytes are never taken in.
      const revision = await judge.judgeAttachment(
        db,
        caller(auth),
        { id, name: target.attachment.join('/') },
        written,
      );
      const change = { db, docs: [revision] };
      if (!written) return forward(req, res, options, change);
      const bytes = await readRawBody(req, BODY_LIMITS.attachment, ctx.bodies);
      return forward(req, res, { ...options, raw: { bytes, type: written.content_type } }, change);
    }
    if (options.method === 'DELETE') {
      const deletion = await judge.judgeWrite(db, caller(auth), { _id: id, _deleted: true });
      return forward(req, res, options, { db, docs: [deletion] });
    }
    const stamped = await judge.judgePut(db, caller(auth), id, documentBody(await body(req, 'doc')) as DocWrite);
    return forward(req, res, { ...options, json: stamped }, { db, docs: [stamped] });
  }

  async function changes(req: Request, res: Response, auth: Auth, db: string, request: DbRequest, path: string) {
    const { params, method } = request;
    const filter = params.get('filter');
    const json =
      method === 'POST'
        ? changesBody(await readJsonBody(req, BODY_LIMITS.changes, ctx.bodies, { optional: true }), filter)
        : undefined;
    if (filter === '_selector' && json?.selector === undefined) throw badRequest({ selector: [FIELD_MESSAGES.blank] });
    if (filter === '_doc_ids' && json?.doc_ids === undefined && !params.has('doc_ids'))
      throw badRequest({ doc_ids: [FIELD_MESSAGES.blank] });
    const feed = params.get('feed') ?? 'normal';
    if (feed === 'normal') return forward(req, res, { method, path, params, json });
    const credentials = readCredentials(req)!;
    return proxyLiveFeed(ctx, ctx.feeds, res, feed === 'continuous' ? 'continuous' : 'longpoll', {
      db,
      path,
      params,
      json,
      userId: auth.user._id,
      stillAllowed: async () => {
        const now = await authenticate(ctx, credentials);
        return Boolean(
          now && !now.blocked && canReadDatabase(now.actor, db, await parentFor(ctx, now.actor.roles, db)),
        );
      },
    });
  }

  return async function handle(req: Request, res: Response, request: DbRequest): Promise<void> {
    const { db, target } = request.endpoint as DbEndpoint;
    const { method, params } = request;
    const path = storePath(db, target);
    const options: ForwardOptions = { method, path, params };

    // Memberships change only through their own rules; an invitee is not yet a member.
    if (databaseKind(db) === 'group') {
      if (target.kind === 'update' && target.ddoc === 'status' && target.handler === 'accept' && method === 'PUT') {
        const auth = await requireWriter(req, res);
        const membership = await acceptInvite(ctx, auth.user, db, target.id);
        await afterAccepted(db, [membership]);
        res.json({ ok: true, id: membership._id, db_name: membership.db_name });
        return;
      }
      if (target.kind === 'doc' && isId(target.id, 'mem') && (method === 'PUT' || method === 'DELETE')) {
        const auth = await requireWriter(req, res);
        if (method === 'DELETE') {
          await removeMembership(ctx, auth.user, db, target.id, params.get('rev') ?? undefined);
          await afterAccepted(db, [{ _id: target.id, _deleted: true }]);
          res.json({ ok: true, id: target.id });
          return;
        }
        const input = asObject(await body(req, 'doc'));
        const saved = await updateMembership(ctx, auth.user, db, target.id, input, params.get('rev') ?? input._rev);
        await afterAccepted(db, [saved]);
        res.json({ ok: true, id: saved._id, rev: saved._rev });
        return;
      }
    }

    const auth = await requireActive(ctx, req, res);
    // A sub-group's parent members reach it too; only the caller's own groups are read to know.
    const parent = databaseKind(db) === 'group' ? await parentFor(ctx, auth.actor.roles, db) : null;
    if (!canReadDatabase(auth.actor, db, parent)) throw forbidden(MESSAGES.forbidden);
    if (isWrite(method, target) && auth.actor.permission === 'read') throw forbidden(MESSAGES.forbidden);

    switch (target.kind) {
      case 'info':
        if (method !== 'POST') return forward(req, res, options);
        return newDocument(req, res, auth, db, options);
      case 'all_docs':
        return forward(req, res, {
          ...options,
          json: method === 'POST' ? keysBody(await body(req, 'all_docs')) : undefined,
        });
      case 'changes':
        return changes(req, res, auth, db, request, path);
      case 'bulk_get':
        return forward(req, res, { ...options, json: bulkGetBody(await body(req, 'bulk_get')) });
      case 'revs_diff':
        return forward(req, res, { ...options, json: revsDiffBody(await body(req, 'revs_diff')) });
      case 'find':
        return forward(req, res, { ...options, json: findBody(await body(req, 'find')) });
      case 'bulk_docs':
        return bulkDocs(req, res, auth, db, path);
      case 'ensure_full_commit':
        // Every write is durable when the store acknowledges it: nothing to ask the store.
        res.status(201).json({ ok: true, instance_start_time: '0' });
        return;
      case 'local':
        if (method === 'PUT') return forward(req, res, { ...options, json: localBody(await body(req, 'local')) });
        return forward(req, res, options);
      case 'doc':
        if (method === 'GET' || method === 'HEAD') return readDocument(req, res, options);
        return singleWrite(req, res, auth, db, { id: target.id }, options);
      case 'attachment':
        if (method === 'GET' || method === 'HEAD') return forward(req, res, { ...options, attachment: true });
        return singleWrite(req, res, auth, db, { id: target.id, attachment: target.name }, options);
      case 'view': {
        if (!deployed(db, target.ddoc)?.views.includes(target.view)) throw notFound();
        return forward(req, res, {
          ...options,
          json: method === 'POST' ? keysBody(await body(req, 'view')) : undefined,
        });
      }
      case 'update': {
        const kind = databaseKind(db)!;
        // The plan requests of spec 000 §7 are server code (services/billing.ts), open while read-only.
        if (kind === 'group' && target.ddoc === 'subscription' && method === 'PUT') {
          if (target.handler !== 'free' && target.handler !== 'cancel') throw notFound();
          const writer = await judge.writer(db, caller(auth));
          res.json(await requestPlan(ctx, db, target.id, target.handler, writer.access.admin));
          return;
        }
        // Every other handler changes a document: not in a read-only group.
        const lock = await writeLockOf(ctx, db);
        if (lock) throw forbidden(lock);
        // A module's own handlers (an item marked read, spec 001 §7) are server code, not design functions.
        const handler = method === 'PUT' ? moduleUpdateHandler(kind, target.ddoc, target.handler) : null;
        if (handler) {
          const answer = await handler(ctx, db, target.id, await judge.writer(db, caller(auth)));
          await afterAccepted(db, [{ _id: target.id }]);
          res.json(answer);
          return;
        }
        if (!deployed(db, target.ddoc)?.updates.includes(target.handler)) throw notFound();
        if (!CLIENT_UPDATE_HANDLERS[kind].includes(`${target.ddoc}/${target.handler}`))
          throw forbidden(MESSAGES.forbidden);
        return forward(req, res, options, { db, docs: [{ _id: target.id }] });
      }
    }
  };

  async function newDocument(req: Request, res: Response, auth: Auth, db: string, options: ForwardOptions) {
    const doc = await judge.judgeWrite(db, caller(auth), documentBody(await body(req, 'info')) as DocWrite);
    return forward(req, res, { ...options, json: doc }, { db, docs: [doc] });
  }

  async function requireWriter(req: Request, res: Response): Promise<Auth> {
    const auth = await requireActive(ctx, req, res);
    if (auth.actor.permission === 'read') throw forbidden();
    return auth;
  }
}
