// A reader item's id comes from its subscription and guid, not from chance: a refetch, or two
// server instances fetching the same feed at once, write the same document rather than a copy.
import { createHash } from 'node:crypto';
import { newId } from '../../../../domain/ids.ts';

/** `rit-<uuid-shaped hex>`: the first 128 bits of SHA-256 over the subscription and the guid. */
export function readerItemId(subscriptionId: string, guid: string): string {
  const hex = createHash('sha256').update(`${subscriptionId}\n${guid}`).digest('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return newId('ReaderItem', uuid);
}
