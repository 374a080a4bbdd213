// WebDAV (RFC 4918, class 1 and 2) over a group's disk, at `/api/groups/{acc}/dav/`: desktop and
// phone clients reach the same records and contents as the app. Every change is a write of file
// records by the server (files.ts), so devices replicate it; every change made in the app is seen
// here at once, since each request reads the records. Why the protocol is written here rather
// than taken from a library: docs/disk.md.
import type { Request, RequestHandler, Response } from 'express';
import { Readable } from 'node:stream';
import { isFileName } from '../../../domain/modules/rdisk/records.ts';
import type { AppContext } from '../../context.ts';
import { asyncRoute } from '../../http/async-route.ts';
import { type Auth, currentAuth } from '../../http/authenticate.ts';
import { KB, readRawBody } from '../../http/body.ts';
import { HttpError } from '../../http/http-error.ts';
import { resolveToken } from '../../services/tokens.ts';
import { confirmationExpired } from '../../../domain/user.ts';
import { diskCaller, type DiskCaller } from './access.ts';
import { keepPathsCurrent } from './paths.ts';
import { etagOf, preconditions, receiveContent, sendContent } from './contents.ts';
import {
  DavLocks,
  type DavLock,
  ifHolds,
  joinPath,
  lockTimeout,
  parseIf,
  submittedTokens,
  type IfList,
} from './dav-locks.ts';
import {
  child,
  clark,
  DAV,
  elements,
  emptyElement,
  escapeXml,
  nameOf,
  parseXml,
  serialize,
  textOf,
  type XmlElement,
  XmlError,
} from './dav-xml.ts';
import {
  addVersion,
  copyFile,
  createFile,
  createFolder,
  currentVersion,
  type FileDoc,
  FileTree,
  isFolder,
  moveFile,
  moveToBin,
  patchProps,
  readFiles,
} from './files.ts';
import { thumbnailLater } from './thumbnails.ts';

const XML_LIMIT = 256 * KB;
const READS = new Set(['GET', 'HEAD', 'PROPFIND', 'OPTIONS']);
/** Methods that make a record or give one a new place (a LOCK on an unmapped URL makes an empty file). */
const MAKES_PATHS = new Set(['PUT', 'MKCOL', 'COPY', 'MOVE', 'LOCK']);
const METHODS = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, LOCK, UNLOCK';
const REALM = 'Basic realm="Moneta WebDAV", charset="UTF-8"';

/** Live properties; of them, only the modification time may be set (a client keeping its own). */
const LIVE = [
  'resourcetype',
  'displayname',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'creationdate',
  'supportedlock',
  'lockdiscovery',
].map((local) => clark(DAV, local));
const SETTABLE_LIVE = clark(DAV, 'getlastmodified');

class DavError extends HttpError {
  readonly condition: string | null;
  constructor(status: number, condition: string | null = null) {
    super(status, condition ?? String(status));
    this.condition = condition;
  }
}

/**
 * The caller: Basic with the person's e-mail and one of their tokens as the password (what
 * desktop clients send), else a bearer token or the session cookie; null when none is given.
 */
async function davAuth(ctx: AppContext, req: Request, res: Response): Promise<Auth | null> {
  const header = req.headers.authorization ?? '';
  if (!/^Basic /i.test(header)) return currentAuth(ctx, req, res);
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const email = decoded.slice(0, colon).trim().toLowerCase();
  const found = colon > 0 ? await resolveToken(ctx, decoded.slice(colon + 1)) : null;
  if (!found || (found.user.email ?? '').toLowerCase() !== email) return null;
  return {
    user: found.user,
    actor: { name: found.user._id, roles: found.user.roles ?? [], permission: found.permission },
    via: 'bearer',
    blocked: confirmationExpired(found.user, ctx.now()),
  };
}

/** A request path's segments, decoded; null when one is not a valid path segment. */
function segmentsOf(path: string): string[] | null {
  try {
    const segments = path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
    return segments.every((s) => s !== '.' && s !== '..') ? segments : null;
  } catch {
    return null;
  }
}

/** A request header's one value (a header sent twice is read as absent). */
function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const httpDate = (iso: string | undefined) => new Date(iso ?? 0).toUTCString();

function xml(res: Response, status: number, body: string): void {
  res.status(status).type('application/xml; charset=utf-8').send(`<?xml version="1.0" encoding="utf-8"?>\n${body}`);
}

function errorBody(condition: string): string {
  return `<D:error xmlns:D="DAV:"><D:${condition}/></D:error>`;
}

const statusLine = (status: number) =>
  `HTTP/1.1 ${status} ${
    { 200: 'OK', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 424: 'Failed Dependency' }[status] ?? ''
  }`;

/** One request against one group's tree. */
class Dav {
  readonly ctx: AppContext;
  readonly req: Request;
  readonly res: Response;
  readonly caller: DiskCaller;
  readonly locks: DavLocks;
  tree!: FileTree;
  segments: string[] = [];
  private ifLists: IfList[] | null = null;

  constructor(ctx: AppContext, req: Request, res: Response, caller: DiskCaller) {
    this.ctx = ctx;
    this.req = req;
    this.res = res;
    this.caller = caller;
    this.locks = new DavLocks(ctx, caller.db);
  }

  /** Answers the request with its method. */
  async handle(): Promise<void> {
    switch (this.req.method) {
      case 'PROPFIND':
        return await this.propfind();
      case 'PROPPATCH':
        return await this.proppatch();
      case 'MKCOL':
        return await this.mkcol();
      case 'GET':
      case 'HEAD':
        return await this.get();
      case 'PUT':
        return await this.put();
      case 'DELETE':
        return await this.delete();
      case 'COPY':
        return await this.copyOrMove(false);
      case 'MOVE':
        return await this.copyOrMove(true);
      case 'LOCK':
        return await this.lock();
      case 'UNLOCK':
        return await this.unlock();
      default:
        this.res.setHeader('Allow', METHODS);
        throw new DavError(405);
    }
  }

  async load(): Promise<void> {
    const segments = segmentsOf(this.req.path);
    if (!segments) throw new DavError(400);
    this.segments = segments;
    const [files] = await Promise.all([readFiles(this.ctx, this.caller.db), this.locks.all()]);
    this.tree = new FileTree(files);
    const condition = header(this.req, 'if');
    if (condition !== undefined) {
      this.ifLists = parseIf(condition);
      if (!this.ifLists) throw new DavError(400);
    }
  }

  get base(): string {
    return this.req.baseUrl;
  }

  href(segments: readonly string[], folder: boolean): string {
    const path = segments.map((s) => encodeURIComponent(s)).join('/');
    return `${this.base}/${path}${folder && path ? '/' : ''}`;
  }

  /** The record at the request's path: null for the root, undefined when nothing is there. */
  target(): FileDoc | null | undefined {
    return this.tree.resolve(this.segments);
  }

  /** The folder that would hold `segments` (null: the root); 409 when it is not there or not a folder. */
  parentOf(segments: readonly string[]): FileDoc | null {
    const parent = this.tree.resolve(segments.slice(0, -1));
    if (parent === undefined || (parent && !isFolder(parent))) throw new DavError(409);
    return parent;
  }

  async readXml(): Promise<XmlElement | null> {
    const body = await readRawBody(this.req, XML_LIMIT, this.ctx.bodies);
    if (body.length === 0 || body.toString('utf8').trim() === '') return null;
    try {
      return parseXml(body.toString('utf8'));
    } catch (error) {
      if (error instanceof XmlError) throw new DavError(400);
      throw error;
    }
  }

  /** A path named by a URL (a Destination, an `If` tag) in this group's tree, or null when it is elsewhere. */
  pathOfUrl(url: string): string[] | null {
    let pathname: string;
    try {
      pathname = new URL(url, `http://${this.req.headers.host ?? 'localhost'}`).pathname;
    } catch {
      return null;
    }
    const prefix = `${this.base}/`;
    if (pathname !== this.base && !pathname.startsWith(prefix)) return null;
    return segmentsOf(pathname.slice(this.base.length));
  }

  /**
   * Refuses a change at `segments` unless the `If` header holds (412) and every lock the change
   * touches has its token submitted (423): the locks covering it, with `deep` those under it,
   * with `member` those on the folder whose members change (a name added or removed).
   */
  async assertWritable(segments: readonly string[], options: { deep?: boolean; member?: boolean } = {}): Promise<void> {
    if (this.ifLists) {
      const holds = await ifHolds(
        this.ifLists,
        async (tag) => {
          const segs = tag === undefined ? this.segments : this.pathOfUrl(tag);
          if (!segs) return null;
          const doc = this.tree.resolve(segs);
          const version = doc ? currentVersion(doc) : null;
          return { path: joinPath(segs), etag: version ? etagOf(version.hash) : null };
        },
        this.locks,
      );
      if (!holds) throw new DavError(412);
    }
    const path = joinPath(segments);
    const touched: DavLock[] = [...(await this.locks.covering(path))];
    if (options.deep) touched.push(...(await this.locks.within(path)));
    if (options.member && segments.length > 0) {
      const parent = joinPath(segments.slice(0, -1));
      touched.push(...(await this.locks.all()).filter((lock) => lock.root === parent));
    }
    const tokens = submittedTokens(this.ifLists);
    if (touched.some((lock) => !tokens.has(lock.token))) throw new DavError(423, 'lock-token-submitted');
  }

  // ---- properties ----

  async liveProps(doc: FileDoc | null, segments: readonly string[]): Promise<Map<string, string>> {
    const props = new Map<string, string>();
    const folder = !doc || isFolder(doc);
    props.set(
      clark(DAV, 'resourcetype'),
      folder ? '<D:resourcetype><D:collection/></D:resourcetype>' : '<D:resourcetype/>',
    );
    props.set(clark(DAV, 'displayname'), `<D:displayname>${escapeXml(doc?.name ?? '')}</D:displayname>`);
    const version = doc ? currentVersion(doc) : null;
    if (doc && !folder) {
      props.set(clark(DAV, 'getcontentlength'), `<D:getcontentlength>${version?.size ?? 0}</D:getcontentlength>`);
      props.set(
        clark(DAV, 'getcontenttype'),
        `<D:getcontenttype>${escapeXml(version?.content_type || 'application/octet-stream')}</D:getcontenttype>`,
      );
      if (version) props.set(clark(DAV, 'getetag'), `<D:getetag>${escapeXml(etagOf(version.hash))}</D:getetag>`);
    }
    if (doc) {
      const modified = doc.modified_at ?? doc.updated_at;
      props.set(clark(DAV, 'getlastmodified'), `<D:getlastmodified>${httpDate(modified)}</D:getlastmodified>`);
      props.set(clark(DAV, 'creationdate'), `<D:creationdate>${escapeXml(doc.created_at ?? '')}</D:creationdate>`);
    }
    props.set(
      clark(DAV, 'supportedlock'),
      '<D:supportedlock>' +
        ['exclusive', 'shared']
          .map(
            (s) => `<D:lockentry><D:lockscope><D:${s}/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>`,
          )
          .join('') +
        '</D:supportedlock>',
    );
    const locks = await this.locks.covering(joinPath(segments));
    props.set(
      clark(DAV, 'lockdiscovery'),
      `<D:lockdiscovery>${locks.map((lock) => this.activeLock(lock)).join('')}</D:lockdiscovery>`,
    );
    return props;
  }

  activeLock(lock: DavLock): string {
    const root = lock.root === '' ? [] : lock.root.split('/');
    const rootDoc = this.tree.resolve(root);
    return (
      `<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope><D:${lock.scope}/></D:lockscope>` +
      `<D:depth>${lock.depth}</D:depth>${lock.owner}<D:timeout>Second-${lock.timeout}</D:timeout>` +
      `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
      `<D:lockroot><D:href>${escapeXml(this.href(root, !rootDoc || isFolder(rootDoc)))}</D:href></D:lockroot></D:activelock>`
    );
  }

  async response(
    doc: FileDoc | null,
    segments: readonly string[],
    mode: { kind: 'all' } | { kind: 'names' } | { kind: 'some'; names: string[] },
  ): Promise<string> {
    const live = await this.liveProps(doc, segments);
    const dead = new Map(Object.entries(doc?.dav_props ?? {}));
    const found: string[] = [];
    const missing: string[] = [];
    if (mode.kind === 'names') {
      for (const name of [...live.keys(), ...dead.keys()]) found.push(emptyElement(name));
    } else if (mode.kind === 'all') {
      found.push(...live.values(), ...dead.values());
    } else {
      for (const name of mode.names) {
        const value = live.get(name) ?? dead.get(name);
        if (value !== undefined) found.push(value);
        else missing.push(emptyElement(name));
      }
    }
    const propstat = (props: string[], status: number) =>
      props.length > 0
        ? `<D:propstat><D:prop>${props.join('')}</D:prop><D:status>${statusLine(status)}</D:status></D:propstat>`
        : '';
    const folder = !doc || isFolder(doc);
    return `<D:response><D:href>${escapeXml(this.href(segments, folder))}</D:href>${propstat(found, 200)}${propstat(missing, 404)}</D:response>`;
  }

  // ---- methods ----

  async propfind(): Promise<void> {
    const depth = header(this.req, 'depth') ?? 'infinity';
    if (depth === 'infinity') {
      // As the big servers do: a whole tree in one answer is a denial of service waiting to happen.
      xml(this.res, 403, errorBody('propfind-finite-depth'));
      return;
    }
    if (depth !== '0' && depth !== '1') throw new DavError(400);
    const body = await this.readXml();
    let mode: Parameters<Dav['response']>[2] = { kind: 'all' };
    if (body) {
      if (body.ns !== DAV || body.local !== 'propfind') throw new DavError(400);
      const prop = child(body, DAV, 'prop');
      if (prop) mode = { kind: 'some', names: elements(prop).map(nameOf) };
      else if (child(body, DAV, 'propname')) mode = { kind: 'names' };
      else if (!child(body, DAV, 'allprop')) throw new DavError(400);
    }
    const target = this.target();
    if (target === undefined) throw new DavError(404);
    const parts = [await this.response(target, this.segments, mode)];
    if (depth === '1' && (!target || isFolder(target)))
      for (const entry of this.tree.list(target?._id ?? null))
        parts.push(await this.response(entry, [...this.segments, entry.name], mode));
    xml(this.res, 207, `<D:multistatus xmlns:D="DAV:">${parts.join('')}</D:multistatus>`);
  }

  async proppatch(): Promise<void> {
    const target = this.target();
    if (target === undefined) throw new DavError(404);
    const body = await this.readXml();
    if (!body || body.ns !== DAV || body.local !== 'propertyupdate') throw new DavError(400);
    if (!target) throw new DavError(403);
    await this.assertWritable(this.segments);
    const operations: Array<{ name: string; element: XmlElement | null }> = [];
    for (const instruction of elements(body)) {
      if (instruction.ns !== DAV || (instruction.local !== 'set' && instruction.local !== 'remove')) continue;
      for (const prop of elements(instruction).filter((e) => e.ns === DAV && e.local === 'prop'))
        for (const element of elements(prop))
          operations.push({ name: nameOf(element), element: instruction.local === 'set' ? element : null });
    }
    const statuses = new Map<string, number>();
    let modifiedAt: string | null = null;
    for (const { name, element } of operations) {
      if (!LIVE.includes(name)) statuses.set(name, 200);
      else if (name !== SETTABLE_LIVE) statuses.set(name, 403);
      else if (element) {
        const date = new Date(textOf(element).trim());
        if (Number.isNaN(date.getTime())) statuses.set(name, 409);
        else {
          modifiedAt = date.toISOString();
          statuses.set(name, 200);
        }
      } else statuses.set(name, 200);
    }
    const failed = [...statuses.values()].some((s) => s !== 200);
    if (!failed) {
      const set = new Map<string, string>();
      const remove: string[] = [];
      for (const { name, element } of operations) {
        if (LIVE.includes(name)) continue;
        if (element) set.set(name, serialize(element));
        else {
          set.delete(name);
          remove.push(name);
        }
      }
      // A property set then removed in one request ends removed; removed then set ends set.
      const removed = remove.filter((name) => !set.has(name));
      await patchProps(this.ctx, this.caller.db, target, set, removed, modifiedAt, this.caller.author);
    }
    const byStatus = new Map<number, string[]>();
    for (const [name, status] of statuses) {
      const shown = failed && status === 200 ? 424 : status;
      byStatus.set(shown, [...(byStatus.get(shown) ?? []), emptyElement(name)]);
    }
    const propstats = [...byStatus]
      .map(
        ([status, props]) =>
          `<D:propstat><D:prop>${props.join('')}</D:prop><D:status>${statusLine(status)}</D:status></D:propstat>`,
      )
      .join('');
    xml(
      this.res,
      207,
      `<D:multistatus xmlns:D="DAV:"><D:response><D:href>${escapeXml(this.href(this.segments, isFolder(target)))}</D:href>${propstats}</D:response></D:multistatus>`,
    );
  }

  async mkcol(): Promise<void> {
    if (Number(this.req.headers['content-length'] ?? 0) > 0 || this.req.headers['transfer-encoding'])
      throw new DavError(415);
    if (this.segments.length === 0 || this.target() !== undefined) throw new DavError(405);
    const parent = this.parentOf(this.segments);
    const name = this.segments.at(-1)!;
    if (!isFileName(name)) throw new DavError(403);
    await this.assertWritable(this.segments, { member: true });
    await createFolder(this.ctx, this.caller.db, parent?._id ?? null, name, this.caller.author);
    this.res.status(201).end();
  }

  async get(): Promise<void> {
    const target = this.target();
    if (target === undefined) throw new DavError(404);
    if (!target || isFolder(target)) {
      // A folder read by a browser: its names, as text (never a page of our origin).
      const names = this.tree.list(target?._id ?? null).map((d) => (isFolder(d) ? `${d.name}/` : d.name));
      this.res.status(200).type('text/plain; charset=utf-8');
      if (this.req.method === 'HEAD') this.res.end();
      else this.res.send(names.join('\n') + (names.length ? '\n' : ''));
      return;
    }
    const version = currentVersion(target);
    if (!version) {
      this.res.setHeader('Content-Length', '0');
      this.res.status(200).end();
      return;
    }
    await sendContent(this.ctx, this.req, this.res, version, {
      name: target.name,
      modifiedAt: target.modified_at,
      attachment: true,
    });
  }

  async put(): Promise<void> {
    if (this.segments.length === 0) throw new DavError(405);
    const target = this.target();
    if (target && isFolder(target)) throw new DavError(405);
    const parent = this.parentOf(this.segments);
    const name = this.segments.at(-1)!;
    if (!isFileName(name)) throw new DavError(403);
    const version = target ? currentVersion(target) : null;
    const precondition = preconditions(this.req, target ? etagOf(version?.hash ?? '') : null, true);
    if (precondition !== 'ok') throw new DavError(412);
    await this.assertWritable(this.segments, { member: !target });
    const content = await receiveContent(this.ctx, this.req);
    const type = this.req.headers['content-type'];
    const doc = target
      ? await addVersion(this.ctx, this.caller.db, target, content, this.caller.author, { contentType: type })
      : await createFile(this.ctx, this.caller.db, parent?._id ?? null, name, content, this.caller.author, {
          contentType: type,
        });
    await thumbnailLater(this.ctx, this.caller.db, doc);
    this.res.setHeader('ETag', etagOf(content.hash));
    this.res.status(target ? 204 : 201).end();
  }

  async delete(): Promise<void> {
    const target = this.target();
    if (target === undefined) throw new DavError(404);
    if (!target) throw new DavError(403);
    await this.assertWritable(this.segments, { deep: true, member: true });
    await moveToBin(this.ctx, this.caller.db, target, this.caller.author);
    await this.locks.releaseWithin(joinPath(this.segments));
    this.res.status(204).end();
  }

  async copyOrMove(move: boolean): Promise<void> {
    const source = this.target();
    if (source === undefined) throw new DavError(404);
    if (!source) throw new DavError(403);
    const destination = header(this.req, 'destination');
    if (!destination) throw new DavError(400);
    const to = this.pathOfUrl(destination);
    if (!to) throw new DavError(502);
    if (to.length === 0) throw new DavError(403);
    const from = joinPath(this.segments);
    const toPath = joinPath(to);
    if (toPath === from || (isFolder(source) && toPath.startsWith(`${from}/`))) throw new DavError(403);
    const name = to.at(-1)!;
    if (!isFileName(name)) throw new DavError(403);
    const parent = this.parentOf(to);
    const overwrite = (header(this.req, 'overwrite') ?? 'T').toUpperCase() !== 'F';
    const existing = this.tree.resolve(to);
    if (existing && !overwrite) throw new DavError(412);
    const depth = header(this.req, 'depth') ?? 'infinity';
    if (move ? depth !== 'infinity' : depth !== '0' && depth !== 'infinity') throw new DavError(400);
    if (move) await this.assertWritable(this.segments, { deep: true, member: true });
    await this.assertWritable(to, { deep: true, member: true });
    if (existing) {
      await moveToBin(this.ctx, this.caller.db, existing, this.caller.author);
      await this.locks.releaseWithin(toPath);
    }
    if (move) {
      await moveFile(this.ctx, this.caller.db, source, parent?._id ?? null, name, this.caller.author);
      await this.locks.releaseWithin(from);
    } else
      await copyFile(
        this.ctx,
        this.caller.db,
        this.tree,
        source,
        parent?._id ?? null,
        name,
        depth === 'infinity',
        this.caller.author,
      );
    this.res.status(existing ? 204 : 201).end();
  }

  async lock(): Promise<void> {
    const body = await this.readXml();
    const path = joinPath(this.segments);
    const timeout = lockTimeout(header(this.req, 'timeout'));
    if (!body) {
      // A refresh: the lock named in the If header, covering this resource.
      const token = [...submittedTokens(this.ifLists)][0];
      const lock = token ? (await this.locks.covering(path)).find((l) => l.token === token) : undefined;
      if (!lock) throw new DavError(412, 'lock-token-matches-request-uri');
      const fresh = await this.locks.refresh(lock, timeout);
      xml(
        this.res,
        200,
        `<D:prop xmlns:D="DAV:"><D:lockdiscovery>${this.activeLock(fresh)}</D:lockdiscovery></D:prop>`,
      );
      return;
    }
    if (body.ns !== DAV || body.local !== 'lockinfo') throw new DavError(400);
    const scopeElement = child(body, DAV, 'lockscope');
    const scope = scopeElement && child(scopeElement, DAV, 'shared') ? 'shared' : 'exclusive';
    if (!scopeElement || !child(body, DAV, 'locktype')) throw new DavError(400);
    const depthHeader = header(this.req, 'depth') ?? 'infinity';
    if (depthHeader !== '0' && depthHeader !== 'infinity') throw new DavError(400);
    const ownerElement = child(body, DAV, 'owner');
    const owner = ownerElement ? serialize(ownerElement) : '';
    let target = this.target();
    const conflicting = [
      ...(await this.locks.covering(path)),
      ...(depthHeader === 'infinity' ? await this.locks.within(path) : []),
    ];
    if (conflicting.some((lock) => lock.scope === 'exclusive' || scope === 'exclusive'))
      throw new DavError(423, 'no-conflicting-lock');
    let created = false;
    if (target === undefined) {
      // A lock on an unmapped URL makes an empty file there (RFC 4918 §7.3).
      const parent = this.parentOf(this.segments);
      const name = this.segments.at(-1)!;
      if (!isFileName(name)) throw new DavError(403);
      await this.assertWritable(this.segments, { member: true });
      const empty = await this.ctx.bytes.put(Readable.from([]));
      target = await createFile(this.ctx, this.caller.db, parent?._id ?? null, name, empty, this.caller.author);
      this.tree = new FileTree(await readFiles(this.ctx, this.caller.db));
      created = true;
    } else if (this.ifLists) await this.assertWritable(this.segments);
    const lock = await this.locks.take({
      root: path,
      scope,
      depth: target && !isFolder(target) ? '0' : depthHeader,
      owner,
      principal: this.caller.author.userId,
      timeout,
    });
    this.res.setHeader('Lock-Token', `<${lock.token}>`);
    xml(
      this.res,
      created ? 201 : 200,
      `<D:prop xmlns:D="DAV:"><D:lockdiscovery>${this.activeLock(lock)}</D:lockdiscovery></D:prop>`,
    );
  }

  async unlock(): Promise<void> {
    const token = (header(this.req, 'lock-token') ?? '').trim().replace(/^<|>$/g, '');
    if (!token) throw new DavError(400);
    const lock = (await this.locks.covering(joinPath(this.segments))).find((l) => l.token === token);
    if (!lock) throw new DavError(409, 'lock-token-matches-request-uri');
    if (lock.principal !== this.caller.author.userId) throw new DavError(403);
    await this.locks.release(lock);
    this.res.status(204).end();
  }
}

function options(res: Response): void {
  res.setHeader('DAV', '1, 2');
  res.setHeader('MS-Author-Via', 'DAV');
  res.setHeader('Allow', METHODS);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Length', '0');
  res.status(200).end();
}

export function webdavHandler(ctx: AppContext): RequestHandler {
  return asyncRoute(async (req, res) => {
    if (req.method === 'OPTIONS') return options(res);
    try {
      const auth = await davAuth(ctx, req, res).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 401) return null;
        throw error;
      });
      if (!auth) {
        res.setHeader('WWW-Authenticate', REALM);
        throw new DavError(401);
      }
      const caller = await diskCaller(ctx, req, auth, !READS.has(req.method));
      const dav = new Dav(ctx, req, res, caller);
      await dav.load();
      await dav.handle();
      // After the answer: what moved or was made takes its path fields (their writes are the server's own).
      if (MAKES_PATHS.has(req.method) && res.statusCode < 300)
        await keepPathsCurrent(ctx, caller.db).catch((error: unknown) =>
          ctx.config.log(`disk: paths of ${caller.db}: ${(error as Error).message}`),
        );
    } catch (error) {
      if (!(error instanceof DavError) || res.headersSent) throw error;
      // The body is left unread: the connection closes rather than draining an upload refused.
      if (!req.complete) res.setHeader('Connection', 'close');
      if (error.condition) xml(res, error.status, errorBody(error.condition));
      else res.status(error.status).end();
    }
  });
}
