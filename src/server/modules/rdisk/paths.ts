// `fullpath` and `webdav_link` of the group's files and folders, written by the server and kept
// current: a folder renamed or moved (over WebDAV, through /api, or by a device through sync)
// changes the path of everything under it, however deep, and no device can write those fields.
// WebDAV itself resolves paths through `dir_id`, so these fields are for people and other clients
// reading the records; they are derived again from the whole tree, the truth, after each change.
import { isId } from '../../../domain/ids.ts';
import type { AppContext } from '../../context.ts';
import type { WrittenDocs } from '../kit.ts';
import { FileTree, isFolder, readFiles } from './files.ts';

/** Runs of one group on this instance, one after the other: two at once would write the same records. */
const running = new WeakMap<AppContext, Map<string, Promise<void>>>();

/** Where the record is now, as its two fields say it; null when it is out of the live tree. */
export function pathFields(tree: FileTree, doc: Parameters<FileTree['pathOf']>[0], davBase: string) {
  const segments = tree.pathOf(doc);
  if (!segments) return null;
  const end = isFolder(doc) ? '/' : '';
  return {
    fullpath: `/${segments.join('/')}${end}`,
    webdav_link: `${davBase}/${segments.map((s) => encodeURIComponent(s)).join('/')}${end}`,
  };
}

async function writePaths(ctx: AppContext, db: string): Promise<void> {
  const docs = await readFiles(ctx, db);
  const tree = new FileTree(docs);
  const davBase = `${ctx.config.publicUrl}/api/groups/${db}/dav`;
  for (const doc of docs) {
    // In the bin, or under a folder that is: it keeps the path it had, where a restore puts it back.
    const fields = pathFields(tree, doc, davBase);
    if (!fields || (doc.fullpath === fields.fullpath && doc.webdav_link === fields.webdav_link)) continue;
    // Not stamped: a folder renamed above a file does not make the file modified. A write by
    // someone else meanwhile wins; it runs this again after it.
    await ctx.store.putIfCurrent(db, { ...doc, ...fields });
  }
}

/** Brings every record's path fields in line with the tree (after the group's running one, if any). */
export function keepPathsCurrent(ctx: AppContext, db: string): Promise<void> {
  const byDb = running.get(ctx) ?? new Map<string, Promise<void>>();
  running.set(ctx, byDb);
  const next = (byDb.get(db) ?? Promise.resolve()).catch(() => undefined).then(() => writePaths(ctx, db));
  byDb.set(db, next);
  const forget = () => {
    if (byDb.get(db) === next) byDb.delete(db);
  };
  next.then(forget, forget);
  return next;
}

/** The door's hook: a device (or anyone through /db) wrote disk records. */
export async function afterDiskWrite(ctx: AppContext, db: string, docs: WrittenDocs): Promise<void> {
  if (!isId(db, 'acc') || !docs.some((d) => d.klass === 'CloudFile' || isId(d._id, 'fle'))) return;
  try {
    await keepPathsCurrent(ctx, db);
  } catch (error) {
    ctx.config.log(`disk: paths of ${db}: ${(error as Error).message}`);
  }
}
