// For each kind of field, its input in forms: the screens' half of the field-type registry for
// forms (src/domain/records/field-types.ts keeps the rules; how a stored value reads is in
// field-type-displays.tsx, which lists use without the inputs' text fields and their menus).
import { Box, Checkbox, FormControlLabel, FormHelperText, MenuItem, TextField } from '@mui/material';
import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, isMinorUnits, moneyInputText, parseMoney } from '../../domain/money.ts';
import type { FieldSpec, FieldType } from '../../domain/records/field-types.ts';
import { currencyChoices } from '../currency-choices.ts';
import { lazyPart } from '../lazy-part.ts';
import { asText, currencyOf } from './field-type-displays.tsx';
import type { ResourceEnv } from './resource-env.ts';
import { RowsInput } from './rows-input.tsx';

export interface FieldInputProps {
  resource: string;
  field: FieldSpec;
  /** The input's name: the field's, or `<field>.<row>.<column>` in a list of parts. */
  name: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  help?: string;
  env: ResourceEnv;
  /** The whole form's values (money reads its record's currency). */
  record: Readonly<Record<string, unknown>>;
  errorOf: (key: string) => string | undefined;
  /** Narrows a reference's choices. */
  filter?: Readonly<Record<string, string>>;
  /** A cell of a list of parts: smaller, side by side. */
  cell?: boolean;
}

/** A text box; `type` and `inputMode` as phones should offer their keyboards. */
function textInput(options: { type?: string; inputMode?: 'numeric' | 'decimal'; multiline?: number; help?: string }) {
  return function TextInput({ field, name, label, value, onChange, error, help, cell }: FieldInputProps) {
    const { t } = useTranslation();
    const shrink = options.type === 'date' || options.type === 'color';
    return (
      <TextField
        label={label}
        type={options.type ?? 'text'}
        size={cell ? 'small' : undefined}
        value={options.type === 'color' ? asText(value) || '#000000' : asText(value)}
        onChange={(e) => onChange(e.target.value)}
        required={field.required}
        multiline={Boolean(options.multiline)}
        minRows={options.multiline}
        error={Boolean(error)}
        helperText={error ?? (options.help ? t(options.help) : help)}
        disabled={field.readOnly}
        sx={cell ? { flex: { xs: '0 0 auto', sm: options.inputMode ? '0 1 8rem' : '1 1 12rem' } } : undefined}
        slotProps={{
          htmlInput: { name, inputMode: options.inputMode },
          inputLabel: shrink ? { shrink: true } : undefined,
        }}
      />
    );
  };
}

/**
 * A choice among values: translated options, members, currencies. Long lists (every currency)
 * use the platform's own picker, which phones show as a wheel and keyboards search by letter.
 */
function ChoiceInput(props: FieldInputProps & { options: Array<{ value: string; label: string }>; native?: boolean }) {
  const { field, name, label, value, onChange, error, help, cell, options, native = false } = props;
  const { t } = useTranslation();
  const Option = native ? 'option' : MenuItem;
  return (
    <TextField
      select
      label={label}
      size={cell ? 'small' : undefined}
      value={asText(value)}
      onChange={(e) => onChange(e.target.value || undefined)}
      required={field.required}
      error={Boolean(error)}
      helperText={error ?? help}
      slotProps={{ select: { native }, htmlInput: { name }, inputLabel: native ? { shrink: true } : undefined }}
    >
      {!field.required && <Option value="">{native ? '' : <em>{t('resource.none')}</em>}</Option>}
      {options.map((option) => (
        <Option key={option.value} value={option.value}>
          {option.label}
        </Option>
      ))}
    </TextField>
  );
}

function CurrencyInput(props: FieldInputProps) {
  const { i18n } = useTranslation();
  const options = currencyChoices(i18n.language).map((choice) => ({ value: choice.code, label: choice.label }));
  return <ChoiceInput {...props} options={options} native />;
}

function SelectInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const { resource, field, env } = props;
  const options =
    field.type === 'member'
      ? env.members.map((m) => ({ value: m.id, label: m.name }))
      : (field.options ?? []).map((option) => ({
          value: option,
          label: t(`records.${resource}.options.${field.name}.${option}`),
        }));
  return <ChoiceInput {...props} options={options} />;
}

function BooleanInput({ name, label, value, onChange, error }: FieldInputProps) {
  return (
    <div>
      <FormControlLabel
        control={<Checkbox name={name} checked={value === true} onChange={(e) => onChange(e.target.checked)} />}
        label={label}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </div>
  );
}

/**
 * Money typed in the person's language ("1.234,50"), handed to the form as exact minor units;
 * text that is not an amount is handed over as typed, for the rules to refuse under the field.
 */
function MoneyInput({ field, name, label, value, onChange, error, help, env, record, cell }: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const currency = currencyOf(field, record, env);
  const shown = isMinorUnits(value) ? moneyInputText(value, currency, i18n.language) : asText(value);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState<unknown>(value);
  // A value set from outside (a stored record loading) replaces what is typed; the value this
  // input handed over itself leaves the text as typed ("12,5" stays, not "12,50").
  if (seen !== value) {
    setSeen(value);
    const typed = text.trim() ? parseMoney(text, currency, i18n.language) : null;
    const same = typed === null ? value === undefined : 'minor' in typed && typed.minor === value;
    if (!same && typeof value !== 'string') setText(shown);
  }
  const parsed = text.trim() ? parseMoney(text, currency, i18n.language) : null;
  const local = parsed && 'error' in parsed ? t(`resource.money.${parsed.error}`) : undefined;
  return (
    <TextField
      label={label}
      size={cell ? 'small' : undefined}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const next = e.target.value.trim() ? parseMoney(e.target.value, currency, i18n.language) : null;
        onChange(next === null ? undefined : 'minor' in next ? next.minor : e.target.value);
      }}
      required={field.required}
      error={Boolean(error ?? local)}
      helperText={error ?? local ?? help}
      sx={cell ? { flex: { xs: '0 0 auto', sm: '0 1 9rem' } } : undefined}
      slotProps={{
        htmlInput: { name, inputMode: 'decimal', 'data-currency': currency },
        input: {
          startAdornment: (
            <Box component="span" sx={{ mr: 0.5, color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {currencySymbol(currency, i18n.language)}
            </Box>
          ),
        },
      }}
    />
  );
}

// MUI's Autocomplete and Popper come with the forms and the advanced search that show a picker,
// not with every list (the lists' file was a third heavier with them).
const ReferenceInput = lazyPart(() => import('./reference-input.tsx').then((m) => ({ default: m.ReferenceInput })));
const ReferencesInput = lazyPart(() => import('./reference-input.tsx').then((m) => ({ default: m.ReferencesInput })));

/** A picker's place while its code loads: the same field, not yet usable. */
function PickerLoading({ label, error }: Pick<FieldInputProps, 'label' | 'error'>) {
  return <TextField disabled fullWidth label={label} error={Boolean(error)} helperText={error} />;
}

function ReferenceFieldInput({ field, label, value, onChange, error, env, filter }: FieldInputProps) {
  return (
    <Suspense fallback={<PickerLoading label={label} error={error} />}>
      <ReferenceInput
        dbName={env.accountId}
        field={field}
        label={label}
        value={typeof value === 'string' ? value : undefined}
        onChange={onChange}
        error={error}
        filter={filter}
      />
    </Suspense>
  );
}

function ReferencesFieldInput({ field, label, value, onChange, error, env }: FieldInputProps) {
  return (
    <Suspense fallback={<PickerLoading label={label} error={error} />}>
      <ReferencesInput
        dbName={env.accountId}
        field={field}
        label={label}
        value={Array.isArray(value) ? (value as string[]) : []}
        onChange={onChange}
        error={error}
      />
    </Suspense>
  );
}

function RowsFieldInput(props: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <RowsInput
      field={props.field}
      label={props.label}
      value={Array.isArray(props.value) ? (props.value as Array<Record<string, unknown>>) : []}
      onChange={props.onChange}
      renderCell={(column, name, cell, set) => (
        <TypedInput
          {...props}
          key={column.name}
          field={column}
          name={name}
          label={t(`records.${props.resource}.rows.${props.field.name}.${column.name}`)}
          value={cell}
          onChange={set}
          error={props.errorOf(name)}
          help={undefined}
          cell
        />
      )}
    />
  );
}

/** One field's input, per its type. */
export function TypedInput(props: FieldInputProps) {
  const Input = FIELD_INPUTS[props.field.type];
  return <Input {...props} />;
}

const plain = textInput({});

const FIELD_INPUTS: Readonly<Record<FieldType, ComponentType<FieldInputProps>>> = {
  text: plain,
  currency: CurrencyInput,
  email: textInput({ type: 'email' }),
  phone: textInput({ type: 'tel' }),
  url: textInput({ type: 'url' }),
  date: textInput({ type: 'date' }),
  textarea: textInput({ multiline: 3 }),
  lines: textInput({ multiline: 3 }),
  markdown: textInput({ multiline: 8 }),
  tags: textInput({ help: 'resource.tagsHelp' }),
  color: textInput({ type: 'color' }),
  integer: textInput({ inputMode: 'numeric' }),
  decimal: textInput({ inputMode: 'decimal' }),
  money: MoneyInput,
  boolean: BooleanInput,
  select: SelectInput,
  member: SelectInput,
  reference: ReferenceFieldInput,
  references: ReferencesFieldInput,
  rows: RowsFieldInput,
};
