import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { recordTitle } from '../../domain/records/index.ts';
import { fieldEnabled, type FieldSpec, type ResourceSpec } from '../../domain/records/schema.ts';
import { isBlank, referencedIds } from '../../domain/records/field-types.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { readConflict, type RecordConflict } from '../../data/conflicts.ts';
import { getRecord } from '../../data/records.ts';
import { ErrorBox } from '../error-box.tsx';
import { ErrorPage } from '../error-page.tsx';
import { ConflictPanel } from './conflict-panel.tsx';
import { DeleteRecordDialog } from './delete-record-dialog.tsx';
import { FieldValue } from './field-value.tsx';
import { RecordTimeline } from './record-timeline.tsx';
import { RelatedRecords } from './related-records.tsx';
import { fieldLabel, fieldOf } from './resource-fields.ts';
import { type ResourceEnv, resourcePath } from './resource-env.ts';
import { useRecordTitles, useReplicaQuery } from './use-records.ts';

/**
 * The record as the page shows it: while two devices' changes compete, with everything that
 * merged by itself (the conflicted fields show one side until a person chooses).
 */
async function readShown(
  dbName: string,
  id: string,
): Promise<{ record: PouchDoc | null; conflict: RecordConflict | null }> {
  const record = await getRecord<PouchDoc>(dbName, id);
  if (!record?._conflicts?.length) return { record, conflict: null };
  const conflict = await readConflict(dbName, id);
  if (!conflict) return { record, conflict: null };
  return {
    record: { ...conflict.merge.merged, _id: record._id, _rev: record._rev, _conflicts: record._conflicts },
    conflict,
  };
}

export interface ResourceShowProps {
  spec: ResourceSpec;
  env: ResourceEnv;
  recordId: string;
  /** Buttons a module adds beside Edit (receipts, print). */
  actions?: (record: PouchDoc) => ReactNode;
  /** What a module shows under the fields (comments, service history). */
  children?: (record: PouchDoc) => ReactNode;
  /** Fields a module shows its own way. */
  hide?: readonly string[];
  /** Without edit and delete (comments). */
  readOnly?: boolean;
  /** Related resources a module shows its own way (an equipment's service history). */
  hideRelated?: readonly string[];
}

/** The record page of every described resource: its fields, conflicts, related records, timeline. */
export function ResourceShowPage({
  spec,
  env,
  recordId,
  actions,
  children,
  hide = [],
  readOnly,
  hideRelated = [],
}: ResourceShowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const load = useCallback(() => readShown(env.accountId, recordId), [env.accountId, recordId]);
  const { value: shownRecord, error, setError } = useReplicaQuery(env.accountId, load);
  const record = shownRecord?.record;
  const shown = spec.fields.filter((f) => fieldEnabled(f, env.features) && !hide.includes(f.name));
  const related = useRecordTitles(env.accountId, record ? shown.flatMap((f) => referencedIds(f, record[f.name])) : []);
  if (record === null || (record && record.klass !== spec.klass)) return <ErrorPage code="not_found" />;
  if (!record || !shownRecord) return <ErrorBox error={error} onClose={() => setError(null)} />;

  const row = (field: FieldSpec) => (
    <Box
      key={field.name}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}
      data-field={field.name}
    >
      <Typography variant="body2" color="text.secondary">
        {fieldLabel(t, spec, field.name)}
      </Typography>
      <Box sx={{ overflowWrap: 'anywhere' }}>
        <FieldValue
          resource={spec.resource}
          field={field}
          value={record[field.name]}
          env={env}
          record={record}
          related={related}
        />
      </Box>
    </Box>
  );
  const deprecated = shown.filter((f) => f.deprecated && record[f.name] !== undefined);
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t(`records.${spec.resource}.one`)}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {recordTitle(record) || t(`records.${spec.resource}.one`)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {actions?.(record)}
          {!readOnly && (
            <Button
              component={RouterLink}
              to={resourcePath(env, spec, `/${record._id}/edit`)}
              variant="contained"
              startIcon={<EditIcon />}
            >
              {t('actions.edit')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {shownRecord.conflict && <ConflictPanel spec={spec} env={env} conflict={shownRecord.conflict} />}
      <Card variant="outlined">
        <CardContent>
          {/* What the record says: an empty field is no news, and on a phone it pushes the rest away. */}
          {shown.filter((f) => !f.deprecated && !isBlank(record[f.name])).map(row)}
          {row(fieldOf(spec, 'created_at'))}
          {row(fieldOf(spec, 'updated_at'))}
        </CardContent>
      </Card>
      {deprecated.length > 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('resource.deprecated')}
            </Typography>
            {deprecated.map(row)}
          </CardContent>
        </Card>
      )}
      {children?.(record)}
      <RelatedRecords spec={spec} env={env} record={record} hide={hideRelated} />
      <RecordTimeline spec={spec} env={env} recordId={record._id} />
      {!readOnly && (
        // Far from Edit, at the end of the page: a thumb reaching for Edit never lands on it.
        <Box>
          <Button color="error" onClick={() => setDeleting(true)}>
            {t('actions.delete')}
          </Button>
        </Box>
      )}
      <DeleteRecordDialog
        spec={spec}
        env={env}
        record={deleting ? record : null}
        title={recordTitle(record)}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(resourcePath(env, spec))}
      />
    </Stack>
  );
}
