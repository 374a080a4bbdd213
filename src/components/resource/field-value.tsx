import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { KLASS_RESOURCES } from '../../domain/recent-changes';
import { recordTitle } from '../../domain/records';
import type { FieldSpec } from '../../domain/records/schema';
import type { PouchDoc } from '../../data/pouch-api';
import { useFormatDay } from '../format-day';
import { Markdown } from './markdown';
import type { ResourceEnv } from './resource-env';

interface FieldValueProps {
  resource: string;
  field: FieldSpec;
  value: unknown;
  env: ResourceEnv;
  /** Referenced records by id (useRecordTitles). */
  related: Readonly<Record<string, PouchDoc>>;
  /** Lists show one line; record pages show everything. */
  compact?: boolean;
}

const STAMPS = new Set(['created_at', 'updated_at']);

/** A stored value as people read it: translated choices, dates, links to related records. */
export function FieldValue({ resource, field, value, env, related, compact = false }: FieldValueProps) {
  const { t } = useTranslation();
  const formatDay = useFormatDay();
  if (value === undefined || value === null || value === '') return <Typography color="text.disabled">—</Typography>;
  if (STAMPS.has(field.name)) return <>{formatDay(value)}</>;
  switch (field.type) {
    case 'boolean':
      return <>{value ? t('resource.yes') : t('resource.no')}</>;
    case 'select':
      return <>{t(`records.${resource}.options.${field.name}.${String(value)}`, { defaultValue: String(value) })}</>;
    case 'reference': {
      const doc = related[String(value)];
      const target = field.ref ? KLASS_RESOURCES[field.ref] : undefined;
      const label = doc ? recordTitle(doc) : t('resource.missingRecord');
      return target && doc ? (
        <Link component={RouterLink} to={`/account/${env.accountId}/${target}/${String(value)}`}>
          {label}
        </Link>
      ) : (
        <>{label}</>
      );
    }
    case 'member':
      return <>{env.members.find((m) => m.id === value)?.name ?? t('resource.formerMember')}</>;
    case 'color':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: String(value), border: 1, borderColor: 'divider' }}
          />
          {!compact && <span>{String(value)}</span>}
        </Stack>
      );
    case 'tags':
      return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {(value as string[]).map((tag) => (
            <Chip key={tag} size="small" label={tag} />
          ))}
        </Stack>
      );
    case 'markdown':
      return compact ? <>{String(value).split('\n')[0]}</> : <Markdown source={String(value)} />;
    case 'rows': {
      const rows = value as Array<Record<string, unknown>>;
      if (compact) return <>{rows.length}</>;
      return (
        <Stack spacing={0.5}>
          {rows.map((row, index) => (
            <Typography key={index} variant="body2">
              {(field.rows ?? [])
                .filter((column) => column.type !== 'boolean' && row[column.name] !== undefined)
                .map((column) => String(row[column.name]))
                .join(' · ')}
              {row.main === true && ` (${t('resource.main')})`}
            </Typography>
          ))}
        </Stack>
      );
    }
    case 'textarea':
    case 'lines':
      return compact ? (
        <>{String(value).split('\n')[0]}</>
      ) : (
        <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {String(value)}
        </Typography>
      );
    default:
      return <>{String(value)}</>;
  }
}
