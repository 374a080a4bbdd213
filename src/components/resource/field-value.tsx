import { Typography } from '@mui/material';
import type { FieldSpec } from '../../domain/records/schema.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { useFormatDay } from '../format-day.ts';
import { TypedDisplay } from './field-types.tsx';
import type { ResourceEnv } from './resource-env.ts';

interface FieldValueProps {
  resource: string;
  field: FieldSpec;
  value: unknown;
  env: ResourceEnv;
  /** The whole record (money reads its currency). */
  record: Readonly<Record<string, unknown>>;
  /** Referenced records by id (useRecordTitles). */
  related: Readonly<Record<string, PouchDoc>>;
  /** Lists show one line; record pages show everything. */
  compact?: boolean;
}

const STAMPS = new Set(['created_at', 'updated_at']);

/** A stored value as people read it: translated choices, dates, money, links to related records. */
export function FieldValue({ compact = false, ...props }: FieldValueProps) {
  const formatDay = useFormatDay();
  const { value, field } = props;
  if (value === undefined || value === null || value === '') return <Typography color="text.disabled">—</Typography>;
  if (STAMPS.has(field.name)) return <>{formatDay(value)}</>;
  return <TypedDisplay {...props} compact={compact} />;
}
