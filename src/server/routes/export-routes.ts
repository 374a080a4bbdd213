// `GET /api/groups/{acc}/export…`: a group's data as files, for its administrators whatever the
// plan (issue 32: people trust an app that lets them leave). Reads are let through a read-only
// group. The CSVs are the modules' (kit.ts `csv`): this route names none of them.
import { type Request, type Response, Router } from 'express';
import type { CsvExport } from '../../domain/csv-write.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { requireActive } from '../http/authenticate.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import { pathParam } from '../http/path-param.ts';
import { SERVER_MODULES } from '../modules/index.ts';
import { writeCsvExport, writeJsonExport } from '../services/group-export.ts';
import { requireMember, modulesInUse, readSettings } from '../services/groups.ts';

/** The caller administers the group (a member who does not, and a stranger, get 403). */
async function administeredGroup(ctx: AppContext, req: Request, res: Response): Promise<string> {
  const auth = await requireActive(ctx, req, res);
  const db = pathParam(req, 'db');
  if (!(await requireMember(ctx, auth.user, db)).admin) throw forbidden();
  return db;
}

const csvParts = (): Array<{ kind: string; part: CsvExport }> =>
  SERVER_MODULES.flatMap((module) => (module.csv ?? []).map((part) => ({ kind: module.kind, part })));

/** Streams `write` as a download; a failure after the first bytes cuts the download short, visibly. */
async function download(
  ctx: AppContext,
  res: Response,
  type: string,
  filename: string,
  write: () => Promise<void>,
): Promise<void> {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  try {
    await write();
    res.end();
  } catch (error) {
    if (!res.headersSent) throw error;
    ctx.config.log(`export ${filename} stopped: ${error instanceof Error ? error.message : String(error)}`);
    res.destroy(error instanceof Error ? error : undefined);
  }
}

export function exportRoutes(ctx: AppContext): Router {
  const router = Router({ mergeParams: true });
  const day = () => ctx.now().toISOString().slice(0, 10);
  // What can be downloaded: the JSON, and the CSVs of the modules the group uses.
  router.get(
    '/export',
    asyncRoute(async (req, res) => {
      const db = await administeredGroup(ctx, req, res);
      const inUse = new Set(modulesInUse(await readSettings(ctx, db)));
      res.setHeader('Cache-Control', 'private, no-cache');
      res.json({
        json: `/api/groups/${db}/export.json`,
        csv: csvParts()
          .filter(({ kind }) => inUse.has(kind))
          .map(({ part }) => ({ name: part.name, href: `/api/groups/${db}/export/${part.name}.csv` })),
      });
    }),
  );
  router.get(
    '/export.json',
    asyncRoute(async (req, res) => {
      const db = await administeredGroup(ctx, req, res);
      await download(ctx, res, 'application/json; charset=utf-8', `${db}-${day()}.json`, () =>
        writeJsonExport(ctx, db, res),
      );
    }),
  );
  // A module switched off keeps its records, so its CSV is still there to take.
  router.get(
    '/export/:name.csv',
    asyncRoute(async (req, res) => {
      const db = await administeredGroup(ctx, req, res);
      const part = csvParts().find(({ part }) => part.name === pathParam(req, 'name'))?.part;
      if (!part) throw notFound();
      await download(ctx, res, 'text/csv; charset=utf-8', `${db}-${part.name}-${day()}.csv`, () =>
        writeCsvExport(ctx, db, part, res),
      );
    }),
  );
  return router;
}
