import { Checkbox, FormControlLabel, FormHelperText, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../domain/records/schema';
import { ReferenceInput } from './reference-input';
import type { ResourceEnv } from './resource-env';
import { RowsInput } from './rows-input';

export interface FieldInputProps {
  resource: string;
  field: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  env: ResourceEnv;
  /** Messages by field name (and `<field>.<row>.<column>` for parts). */
  errorOf: (key: string) => string | undefined;
  /** Narrows a reference's choices. */
  filter?: Readonly<Record<string, string>>;
}

const MULTILINE = new Set(['textarea', 'markdown', 'lines']);
const INPUT_TYPES: Partial<Record<FieldSpec['type'], string>> = {
  email: 'email',
  url: 'url',
  date: 'date',
  color: 'color',
};

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The input for one described field, named after it, with its messages under it. */
export function FieldInput({ resource, field, value, onChange, env, errorOf, filter }: FieldInputProps) {
  const { t } = useTranslation();
  const label = t(`records.${resource}.fields.${field.name}`);
  const error = errorOf(field.name);
  const help = field.deprecated ? t('resource.deprecated') : undefined;
  switch (field.type) {
    case 'boolean':
      return (
        <div>
          <FormControlLabel
            control={
              <Checkbox name={field.name} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            }
            label={label}
          />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </div>
      );
    case 'reference':
      return (
        <ReferenceInput
          dbName={env.accountId}
          field={field}
          label={label}
          value={typeof value === 'string' ? value : undefined}
          onChange={onChange}
          error={error}
          filter={filter}
        />
      );
    case 'rows':
      return (
        <RowsInput
          resource={resource}
          field={field}
          label={label}
          value={Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []}
          onChange={onChange}
          errorOf={errorOf}
        />
      );
    case 'select':
    case 'member': {
      const options =
        field.type === 'member'
          ? env.members.map((m) => ({ value: m.id, label: m.name }))
          : (field.options ?? []).map((option) => ({
              value: option,
              label: t(`records.${resource}.options.${field.name}.${option}`),
            }));
      return (
        <TextField
          select
          label={label}
          value={asText(value)}
          onChange={(e) => onChange(e.target.value || undefined)}
          required={field.required}
          error={Boolean(error)}
          helperText={error ?? help}
          slotProps={{ htmlInput: { name: field.name } }}
        >
          {!field.required && (
            <MenuItem value="">
              <em>{t('resource.none')}</em>
            </MenuItem>
          )}
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    default: {
      const numeric = field.type === 'integer' || field.type === 'decimal';
      return (
        <TextField
          label={label}
          type={INPUT_TYPES[field.type] ?? 'text'}
          value={field.type === 'color' ? asText(value) || '#000000' : asText(value)}
          onChange={(e) => onChange(e.target.value)}
          required={field.required}
          multiline={MULTILINE.has(field.type)}
          minRows={MULTILINE.has(field.type) ? (field.type === 'markdown' ? 8 : 3) : undefined}
          error={Boolean(error)}
          helperText={error ?? (field.type === 'tags' ? t('resource.tagsHelp') : help)}
          disabled={field.readOnly}
          slotProps={{
            htmlInput: {
              name: field.name,
              inputMode: numeric ? (field.type === 'integer' ? 'numeric' : 'decimal') : undefined,
            },
            inputLabel: field.type === 'date' || field.type === 'color' ? { shrink: true } : undefined,
          }}
        />
      );
    }
  }
}
