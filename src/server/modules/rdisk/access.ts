// Who may reach a group's disk, for the `/api` calls and WebDAV alike: a member of the group
// (another group's member is refused before anything is read), writing only with a person's
// session or a write token, in a group that has the disk on and may write.
import type { Request } from 'express';
import { DEFAULT_GROUP_SETTINGS } from '../../../domain/groups.ts';
import { MESSAGES } from '../../../domain/errors.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../http/authenticate.ts';
import { forbidden, notFound } from '../../http/http-error.ts';
import { pathParam } from '../../http/path-param.ts';
import { writeLockOf } from '../../services/billing.ts';
import { requireMember, readSettings } from '../../services/groups.ts';
import type { Author } from './files.ts';

/** Kinds of group whose own module holds the disk (spec 001 §1: notes include it). */
const DISK_KINDS = new Set(['rdisk', 'textnotes']);

/** Whether a group with these settings has the disk: by its kind, or by its switch (on unless stored off). */
export function diskOn(settings: Readonly<Record<string, unknown>>): boolean {
  if (typeof settings.kind === 'string' && DISK_KINDS.has(settings.kind)) return true;
  return (settings.rdisk ?? DEFAULT_GROUP_SETTINGS.rdisk) === 'enabled';
}

export interface DiskCaller {
  auth: Auth;
  db: string;
  author: Author;
}

/** The caller `auth` in the group of the request's path, or the refusal (403, or 404 without the disk). */
export async function diskCaller(ctx: AppContext, req: Request, auth: Auth, write: boolean): Promise<DiskCaller> {
  if (auth.blocked) throw forbidden(MESSAGES.confirmFirst);
  const db = pathParam(req, 'db');
  await requireMember(ctx, auth.user, db);
  if (write && auth.actor.permission === 'read') throw forbidden();
  if (!diskOn(await readSettings(ctx, db))) throw notFound();
  // The group's own lock (a free group past its limit's days), judged here because WebDAV's
  // Basic callers are not seen by the guard in front of the group's routes. Deleting stays open.
  const lock = write ? await writeLockOf(ctx, db, req.method === 'DELETE') : null;
  if (lock) throw forbidden(lock);
  return { auth, db, author: { userId: auth.user._id } };
}
