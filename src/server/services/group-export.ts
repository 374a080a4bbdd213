// A group's data as files its administrators take away (issue 32, docs/billing.md "Export"):
// every document as JSON, and each module's CSV (kit.ts `csv`). Read from the store a page of the
// primary index at a time and written as it is read, so a group of any size costs one page of
// memory, and a slow download holds the next page back instead of piling it up.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type CsvExport, csvLine } from '../../domain/csv-write.ts';
import type { AppContext } from '../context.ts';

/** Documents per read of the primary index. */
export const EXPORT_PAGE = 500;

type Doc = Record<string, unknown> & { _id: string };

/** The group's documents, design documents aside (server code, not the group's data), a page at a time. */
export async function* groupDocPages(ctx: AppContext, db: string): AsyncGenerator<Doc[]> {
  let startkey: string | null = null;
  for (;;) {
    const query: Record<string, string | number | boolean> = { include_docs: true, limit: EXPORT_PAGE + 1 };
    if (startkey !== null) query.startkey = JSON.stringify(startkey);
    const res = await ctx.store.must<{ rows: Array<{ id: string; doc?: Doc | null }> }>(
      `/${encodeURIComponent(db)}/_all_docs`,
      { query },
    );
    const rows = res.rows.slice(0, EXPORT_PAGE);
    yield rows.flatMap((row) => (row.doc && !row.id.startsWith('_design/') ? [row.doc] : []));
    if (res.rows.length <= EXPORT_PAGE) return;
    startkey = res.rows[EXPORT_PAGE]!.id;
  }
}

/** Writes, waiting while the client's buffer is full; false once the client has gone away. */
async function send(out: Writable, chunk: string): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

/** `{"db", "exported_at", "docs": [...]}`, each document as the store holds it. */
export async function writeJsonExport(ctx: AppContext, db: string, out: Writable): Promise<void> {
  const head = `{"db":${JSON.stringify(db)},"exported_at":${JSON.stringify(ctx.now().toISOString())},"docs":[`;
  if (!(await send(out, head))) return;
  let first = true;
  for await (const docs of groupDocPages(ctx, db)) {
    if (docs.length === 0) continue;
    const text = docs.map((doc) => JSON.stringify(doc)).join(',\n');
    if (!(await send(out, `${first ? '\n' : ',\n'}${text}`))) return;
    first = false;
  }
  await send(out, '\n]}\n');
}

/** A module's CSV: a byte-order mark (spreadsheets then read UTF-8), the header, one row per record of its kinds. */
export async function writeCsvExport(ctx: AppContext, db: string, part: CsvExport, out: Writable): Promise<void> {
  if (!(await send(out, `\uFEFF${csvLine(part.columns)}`))) return;
  for await (const docs of groupDocPages(ctx, db)) {
    const lines = docs.filter((doc) => typeof doc.klass === 'string' && part.klasses.has(doc.klass)).map(part.row);
    if (lines.length > 0 && !(await send(out, lines.map(csvLine).join('')))) return;
  }
}
