import { Typography } from '@mui/material';
import { useFormatDay } from '../format-day.ts';
import { type FieldDisplayProps, TypedDisplay } from './field-type-displays.tsx';

type FieldValueProps = Omit<FieldDisplayProps, 'compact'> & {
  /** Lists show one line; record pages show everything. */
  compact?: boolean;
};

const STAMPS = new Set(['created_at', 'updated_at']);

/** A stored value as people read it: translated choices, dates, money, links to related records. */
export function FieldValue({ compact = false, ...props }: FieldValueProps) {
  const formatDay = useFormatDay();
  const { value, field } = props;
  if (value === undefined || value === null || value === '') return <Typography color="text.disabled">—</Typography>;
  if (STAMPS.has(field.name)) return <>{formatDay(value)}</>;
  return <TypedDisplay {...props} compact={compact} />;
}
