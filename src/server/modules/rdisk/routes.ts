// The disk's `/api/groups/{acc}/disk/…` calls: upload (streamed; a new version when the file
// exists), download with ranges, a file's versions, and restoring one. WebDAV (webdav.ts) is
// mounted here too, at `/api/groups/{acc}/dav/`.
import type { Request, Router } from 'express';
import { FIELD_MESSAGES } from '../../../domain/errors.ts';
import { isId, isUuid } from '../../../domain/ids.ts';
import { isFileName, isThumbnailData, MAX_THUMBNAIL_BYTES } from '../../../domain/modules/rdisk/records.ts';
import type { AppContext } from '../../context.ts';
import { asyncRoute } from '../../http/async-route.ts';
import { readRawBody } from '../../http/body.ts';
import { requireAuth } from '../../http/authenticate.ts';
import { HttpError, notFound, unprocessable } from '../../http/http-error.ts';
import { pathParam } from '../../http/path-param.ts';
import { HASH } from '../../services/byte-store.ts';
import { groupRouter } from '../kit.ts';
import { diskCaller } from './access.ts';
import { receiveContent, sendContent } from './contents.ts';
import {
  addVersion,
  createFile,
  currentVersion,
  type FileDoc,
  FileTree,
  isFile,
  isFolder,
  readFiles,
  restoreVersion,
  setThumbnail,
} from './files.ts';
import { keepPathsCurrent } from './paths.ts';
import { isJpeg, thumbnailLater } from './thumbnails.ts';
import { webdavHandler } from './webdav.ts';

/** `?thumbnail=device`: the device sends its own thumbnail once the photo is stored (the server's waits). */
const deviceSends = (req: Request) => ({ deviceSends: req.query.thumbnail === 'device' });

const contentType = (req: Request) => {
  const type = req.headers['content-type'];
  return type && type !== 'application/x-www-form-urlencoded' ? type : undefined;
};

/**
 * `?upload=<uuid>`: the device's key for one upload. A device whose answer was lost (the network,
 * the app closed) sends the same upload again; the version it brought the first time answers it.
 */
function uploadKey(req: Request): string | undefined {
  const key = req.query.upload;
  if (key === undefined) return undefined;
  // A device names its uploads with a random UUID (transfer-store.ts: the queue entry's id).
  if (!isUuid(key)) throw unprocessable({ upload: [FIELD_MESSAGES.invalid] });
  return key;
}

/** The version an upload with this key already brought to the file, if any. */
const broughtBy = (file: FileDoc | null | undefined, key: string | undefined) =>
  key === undefined ? undefined : file?.versions?.find((version) => version.upload === key);

/** The file `:id` of the group, or 404. */
async function fileOf(ctx: AppContext, db: string, req: Request) {
  const id = pathParam(req, 'id');
  const doc = isId(id, 'fle') ? (await readFiles(ctx, db)).find((d) => d._id === id) : undefined;
  if (!doc || !isFile(doc)) throw notFound();
  return doc;
}

export function diskApiRoutes(ctx: AppContext): Router {
  const router = groupRouter();

  // A file by name in a folder (`dir_id`, none for the root): created, or given a new version.
  router.post(
    '/disk/files',
    asyncRoute(async (req, res) => {
      const caller = await diskCaller(ctx, req, await requireAuth(ctx, req, res), true);
      const { name, dir_id: dirId } = req.query;
      if (!isFileName(name)) throw unprocessable({ name: [FIELD_MESSAGES.invalid] });
      if (dirId !== undefined && !isId(dirId, 'fle')) throw unprocessable({ dir_id: [FIELD_MESSAGES.invalid] });
      const tree = new FileTree(await readFiles(ctx, caller.db));
      const dir = typeof dirId === 'string' ? tree.get(dirId) : null;
      if (typeof dirId === 'string' && (!dir || !isFolder(dir) || !tree.pathOf(dir)))
        throw unprocessable({ dir_id: [FIELD_MESSAGES.notFound] });
      const existing = tree.child(dir?._id ?? null, name);
      if (existing && !isFile(existing)) throw new HttpError(409, 'A folder has this name');
      const upload = uploadKey(req);
      const earlier = broughtBy(existing, upload);
      // Answered before the bytes are read: Node drops what the device still sends.
      if (existing && earlier)
        return void res.json({ ok: true, id: existing._id, rev: existing._rev, version: earlier });
      const content = await receiveContent(ctx, req);
      const about = { contentType: contentType(req), upload };
      const doc = existing
        ? await addVersion(ctx, caller.db, existing, content, caller.author, about)
        : await createFile(ctx, caller.db, dir?._id ?? null, name, content, caller.author, about);
      if (!existing) await keepPathsCurrent(ctx, caller.db);
      await thumbnailLater(ctx, caller.db, doc, deviceSends(req));
      res.status(existing ? 200 : 201).json({ ok: true, id: doc._id, rev: doc._rev, version: doc.versions?.[0] });
    }),
  );

  // A new version of a file record (one a device made while offline, waiting for its bytes).
  router.put(
    '/disk/files/:id/content',
    asyncRoute(async (req, res) => {
      const caller = await diskCaller(ctx, req, await requireAuth(ctx, req, res), true);
      const file = await fileOf(ctx, caller.db, req);
      const upload = uploadKey(req);
      const earlier = broughtBy(file, upload);
      if (earlier) return void res.json({ ok: true, id: file._id, rev: file._rev, version: earlier });
      const content = await receiveContent(ctx, req);
      const doc = await addVersion(ctx, caller.db, file, content, caller.author, {
        contentType: contentType(req),
        upload,
      });
      await thumbnailLater(ctx, caller.db, doc, deviceSends(req));
      res.json({ ok: true, id: doc._id, rev: doc._rev, version: doc.versions?.[0] });
    }),
  );

  // The current content, or a kept version's (`?version=<hash>`), with ranges.
  router.get(
    '/disk/files/:id/content',
    asyncRoute(async (req, res) => {
      const caller = await diskCaller(ctx, req, await requireAuth(ctx, req, res), false);
      const file = await fileOf(ctx, caller.db, req);
      const asked = req.query.version;
      const version = typeof asked === 'string' ? file.versions?.find((v) => v.hash === asked) : currentVersion(file);
      if (!version) throw notFound();
      await sendContent(ctx, req, res, version, {
        name: file.name,
        modifiedAt: asked ? undefined : file.modified_at,
        attachment: true,
      });
    }),
  );

  router.get(
    '/disk/files/:id/versions',
    asyncRoute(async (req, res) => {
      const caller = await diskCaller(ctx, req, await requireAuth(ctx, req, res), false);
      const file = await fileOf(ctx, caller.db, req);
      res.json({ versions: file.versions ?? [] });
    }),
  );

  router.post(
    '/disk/files/:id/versions/:hash/restore',
    asyncRoute(async (req, res) => {
      const caller = await diskCaller(ctx, req, await requireAuth(ctx, req, res), true);
      const file = await fileOf(ctx, caller.db, req);
      const doc = await restoreVersion(ctx, caller.db, file, pathParam(req, 'hash'), caller.author);
      await thumbnailLater(ctx, caller.db, doc);
      res.json({ ok: true, id: doc._id, rev: doc._rev, versions: doc.versions });
    }),
  );

  // The thumbnail the device made when it resized a photo, sent once the photo is stored: a small
  // JPEG kept on the record (docs/disk.md "Thumbnails"); the server makes one itself only for
  // pictures that arrive without (thumbnails.ts).
  router.put(
    '/disk/files/:id/thumbnail',
    asyncRoute(async (req, res) => {
      const caller = await diskCaller(ctx, req, await requireAuth(ctx, req, res), true);
      const file = await fileOf(ctx, caller.db, req);
      const of = req.query.of;
      if (typeof of !== 'string' || !HASH.test(of)) throw unprocessable({ of: [FIELD_MESSAGES.invalid] });
      const bytes = await readRawBody(req, MAX_THUMBNAIL_BYTES, ctx.bodies);
      const thumbnail = `data:image/jpeg;base64,${bytes.toString('base64')}`;
      // Anything but a JPEG is no thumbnail a page may show.
      if (!isJpeg(bytes) || !isThumbnailData(thumbnail)) throw unprocessable({ body: [FIELD_MESSAGES.invalid] });
      const doc = await setThumbnail(ctx, caller.db, file, of, thumbnail, caller.author);
      res.json({ ok: true, id: doc._id, rev: doc._rev });
    }),
  );

  router.use('/dav', webdavHandler(ctx));
  return router;
}
