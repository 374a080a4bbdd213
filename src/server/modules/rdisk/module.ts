// The disk's server half (spec 001 §1 rdisk): file contents in the byte store, the `/api` calls
// for uploads, downloads and versions, WebDAV, its locks, the sweep of contents nothing names, and
// the thumbnails of pictures that arrive without one.
import { storedBytes } from '../../../domain/modules/rdisk/records.ts';
import type { ServerModule } from '../kit.ts';
import { parseDiskConfig } from './config.ts';
import { DISK_LOCKS_DB } from './dav-locks.ts';
import { readFiles } from './files.ts';
import { afterDiskWrite } from './paths.ts';
import { diskApiRoutes } from './routes.ts';
import { DISK_TASKS } from './sweep.ts';
import { makeThumbnail, THUMBNAIL_JOB } from './thumbnails.ts';

export const rdiskServer: ServerModule = {
  kind: 'rdisk',
  config: parseDiskConfig,
  databases: [DISK_LOCKS_DB],
  routes: diskApiRoutes,
  tasks: DISK_TASKS,
  jobs: { [THUMBNAIL_JOB]: makeThumbnail },
  afterWrite: afterDiskWrite,
  // Usage counts the contents the files keep, beside their records.
  storedBytes: async (ctx, db) => ({ CloudFile: storedBytes(await readFiles(ctx, db)) }),
};
