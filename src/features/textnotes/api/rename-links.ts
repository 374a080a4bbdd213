// A note renamed: the notes linking to its old title rewritten to the new one (renameLinks, labels
// kept), through the normal save path (judged, stamped, one timeline entry per batch) so they sync
// like any edit. Someone else's newer version of a note is left as it is and counted.
import { type ResourceEnv, writeOptions } from '../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { getRecords } from '../../../data/records.ts';
import { writeRecords } from '../../../data/resource-writes.ts';
import { renameLinks } from '../../../domain/modules/textnotes/links.ts';
import { handbooks } from '../../../domain/modules/textnotes/records.ts';
import { readBacklinks, readEntries } from './wiki-index.ts';

export async function rewriteLinks(
  env: Pick<ResourceEnv, 'accountId' | 'userId' | 'features' | 'settings'>,
  ids: readonly string[],
  from: string,
  to: string,
): Promise<{ updated: number; left: number }> {
  const docs = await getRecords<PouchDoc>(env.accountId, ids);
  const changed = docs.flatMap((doc) => {
    if (!doc || doc.klass !== 'Handbook' || typeof doc.content !== 'string') return [];
    const renamed = renameLinks(doc.content, from, to);
    return renamed.changed > 0 ? [{ ...doc, content: renamed.text }] : [];
  });
  if (changed.length === 0) return { updated: 0, left: 0 };
  const result = await writeRecords(env.accountId, handbooks, changed, { ...writeOptions(env), skipRefused: true });
  // The wiki's index takes the rewritten notes in as part of the rename (a second or so is
  // allowed it), not on the next page's first read: reading 500 notes again there took 120 to
  // 400 ms, where "linked by" may take 50.
  await Promise.all([readEntries(env.accountId), readBacklinks(env.accountId)]);
  return { updated: result.saved.length, left: result.conflicts.length + result.refused.length };
}
