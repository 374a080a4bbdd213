// The door's judging of writes that do not carry a whole document: an attachment PUT or DELETE
// changes the document it hangs on, so it is judged as the next revision of that document, with
// the rules any other write meets (src/domain/permissions.ts). A step towards the door's judging
// as one service for single and bulk writes.
import type { Request } from 'express';
import { type DocWrite, hasAttachment, withAttachment } from '../../domain/permissions.ts';
import { notFound } from '../http/http-error.ts';
import type { CouchDoc } from '../store/couch-client.ts';

/** What an attachment PUT writes, as its headers say: the type it is stored with and its size. */
export function writtenAttachment(req: Request): { content_type: string; length?: number } {
  const length = Number(req.headers['content-length']);
  return {
    content_type: String(req.headers['content-type'] ?? 'application/octet-stream'),
    ...(Number.isSafeInteger(length) && length >= 0 ? { length } : {}),
  };
}

/**
 * The revision an attachment write makes of `stored`: with the attachment `written`, or without
 * it (null, a DELETE). Removing what is not there is 404, as Apache CouchDB answers, before the
 * store is asked (the embedded store would fail with 500, or write a revision that changes nothing).
 */
export function attachmentRevision(
  id: string,
  name: string,
  stored: CouchDoc | null,
  written: { content_type: string; length?: number } | null,
): DocWrite & { _id: string } {
  if (!written && !hasAttachment(stored, name)) throw notFound();
  // Without a stored document the store would create one holding the attachment alone.
  return withAttachment(stored ?? { _id: id }, name, written);
}
