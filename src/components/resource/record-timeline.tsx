import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { timelineEventKey } from '../../domain/recent-changes.ts';
import type { ResourceSpec } from '../../domain/records/schema.ts';
import type { DocumentChange } from '../../data/resource-writes.ts';
import { listRecords } from '../../data/record-list.ts';
import { useFormatDay } from '../format-day.ts';
import { fieldLabel } from './resource-fields.ts';
import type { ResourceEnv } from './resource-env.ts';
import { useReplicaQuery } from './use-records.ts';

/** Who changed the record, when, and which fields (its DocumentChange records, newest first). */
export function RecordTimeline({ spec, env, recordId }: { spec: ResourceSpec; env: ResourceEnv; recordId: string }) {
  const { t, i18n } = useTranslation();
  const formatDay = useFormatDay();
  const load = useCallback(
    () =>
      listRecords<DocumentChange & { _rev?: string }>(env.accountId, {
        klass: 'DocumentChange',
        filter: { item_id: recordId },
        sort: 'created_at',
        direction: 'desc',
        page: 1,
        perPage: 50,
      }),
    [env.accountId, recordId],
  );
  const { value } = useReplicaQuery(env.accountId, load);
  if (!value || value.rows.length === 0) return null;
  return (
    <section aria-labelledby="timeline-title">
      <Typography id="timeline-title" variant="h6" component="h2">
        {t('resource.timeline')}
      </Typography>
      <List dense>
        {value.rows.map((change) => (
          <ListItem key={change._id} disableGutters>
            <ListItemText
              primary={t(timelineEventKey(change.action), {
                name: env.members.find((m) => m.id === change.created_by)?.name ?? t('resource.formerMember'),
              })}
              secondary={[
                formatDay(change.created_at),
                change.fields
                  // Parts a module keeps outside the form (a signed receipt) are named when labelled.
                  .filter(
                    (f) => spec.fields.some((s) => s.name === f) || i18n.exists(`records.${spec.resource}.fields.${f}`),
                  )
                  .map((f) => fieldLabel(t, spec, f))
                  .join(', '),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
