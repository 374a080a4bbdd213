import AddIcon from '@mui/icons-material/Add';
import { Button, Card, CardContent, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { resourceEnabled } from '../../domain/modules/index.ts';
import { RESOURCES, recordTitle } from '../../domain/records/index.ts';
import type { FieldSpec, ResourceSpec } from '../../domain/records/schema.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { listRecords } from '../../data/record-list.ts';
import { TOUCH, TOUCH_SIZE, touchLink } from '../touch-target.ts';
import { type ResourceEnv, resourcePath } from './resource-env.ts';
import { useReplicaQuery } from './use-records.ts';

const SHOWN = 10;

/** Every reference to records of `klass`: the lists a record page shows under its fields. */
export function referencesTo(spec: ResourceSpec): Array<{ spec: ResourceSpec; field: FieldSpec }> {
  return RESOURCES.flatMap((other) =>
    other.fields.filter((f) => f.type === 'reference' && f.ref === spec.klass).map((field) => ({ spec: other, field })),
  );
}

function RelatedList({
  spec,
  field,
  env,
  record,
  named,
}: {
  spec: ResourceSpec;
  field: FieldSpec;
  env: ResourceEnv;
  record: PouchDoc;
  /** The kind points here through more than one field (a transfer's two wallets): say which. */
  named: boolean;
}) {
  const { t, i18n } = useTranslation();
  // A list may have its own title (a ticket's return visits), where "Tickets" alone would not say
  // what these tickets are to this one.
  const ownTitle = `records.${spec.resource}.relatedBy.${field.name}`;
  const hasOwnTitle = i18n.exists(ownTitle);
  const title = hasOwnTitle
    ? t(ownTitle)
    : `${t(`records.${spec.resource}.title`)}${named ? ` · ${t(`records.${spec.resource}.fields.${field.name}`)}` : ''}`;
  const load = useCallback(
    () =>
      listRecords<PouchDoc>(env.accountId, {
        klass: spec.klass,
        filter: { [field.name]: record._id },
        sort: spec.defaultSort.field,
        direction: spec.defaultSort.direction,
        page: 1,
        perPage: SHOWN,
      }),
    [env.accountId, spec, field.name, record._id],
  );
  const { value } = useReplicaQuery(env.accountId, load);
  if (!value) return null;
  const heading = hasOwnTitle
    ? title
    : t('resource.related', {
        records: t(`records.${spec.resource}.title`),
        field: t(`records.${spec.resource}.fields.${field.name}`),
      });
  return (
    <Card variant="outlined" data-related={spec.resource}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h2">
            {title}
            {value.total > 0 && ` (${value.total})`}
          </Typography>
          <Button
            size="small"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`${resourcePath(env, spec, '/new')}?${field.name}=${encodeURIComponent(record._id)}`}
            aria-label={`${t(`records.${spec.resource}.new`)} — ${heading}`}
            sx={{ [TOUCH]: { minHeight: TOUCH_SIZE } }}
          >
            {t(`records.${spec.resource}.new`)}
          </Button>
        </Stack>
        {value.total === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t(`records.${spec.resource}.empty`)}
          </Typography>
        ) : (
          <List dense disablePadding>
            {value.rows.map((row) => (
              <ListItem key={row._id} disableGutters>
                <Link component={RouterLink} to={resourcePath(env, spec, `/${row._id}`)} sx={touchLink}>
                  {recordTitle(row) || t(`records.${spec.resource}.one`)}
                </Link>
              </ListItem>
            ))}
          </List>
        )}
        {value.total > SHOWN && (
          <Typography variant="caption" color="text.secondary">
            {t('resource.moreRelated', { count: value.total - SHOWN })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The records pointing at this one (a customer's orders, an equipment's maintenances…). */
export function RelatedRecords({
  spec,
  env,
  record,
  hide = [],
}: {
  spec: ResourceSpec;
  env: ResourceEnv;
  record: PouchDoc;
  hide?: readonly string[];
}) {
  const lists = referencesTo(spec).filter(
    ({ spec: other }) =>
      !hide.includes(other.resource) &&
      (!other.feature || env.features.has(other.feature)) &&
      resourceEnabled(other.resource, env.settings),
  );
  if (lists.length === 0) return null;
  return (
    <Stack
      spacing={2}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: 2,
        '& > *': { m: '0 !important' },
      }}
    >
      {lists.map(({ spec: other, field }) => (
        <RelatedList
          key={`${other.resource}.${field.name}`}
          spec={other}
          field={field}
          env={env}
          record={record}
          named={lists.filter((list) => list.spec === other).length > 1}
        />
      ))}
    </Stack>
  );
}
