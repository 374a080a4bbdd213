import { useCallback } from 'react';
import { type ResourceEnv, writeOptions } from '../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../components/resource/use-records.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { listRecords } from '../../data/record-list.ts';
import { writeRecord } from '../../data/resource-writes.ts';
import { newId } from '../../domain/ids.ts';
import { comments } from '../../domain/modules/ticket/records.ts';
import { newComment } from '../../domain/modules/ticket/ticket-edits.ts';

/** A ticket's comments, newest first, `limit` of them; follows the replica as comments arrive. */
export function useTicketComments(accountId: string, ticketId: string, limit: number) {
  const load = useCallback(
    () =>
      listRecords<PouchDoc>(accountId, {
        klass: comments.klass,
        filter: { ticket_id: ticketId },
        sort: 'created_at',
        direction: 'desc',
        page: 1,
        perPage: limit,
      }),
    [accountId, ticketId, limit],
  );
  return useReplicaQuery(accountId, load);
}

/** Saves a comment to the replica; blank content fails with the field's message. */
export function addTicketComment(env: ResourceEnv, ticketId: string, content: string, author: string | null) {
  const comment = newComment(newId('Comment'), ticketId, content, author, new Date());
  return writeRecord(env.accountId, comments, comment, writeOptions(env));
}
