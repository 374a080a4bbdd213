// The screens' half of the field-type registry (src/domain/records/field-types.ts keeps the
// rules): for each kind of field, its input in forms and how a stored value reads. A kind
// without a display here reads as its text.
import {
  Box,
  Checkbox,
  Chip,
  FormControlLabel,
  FormHelperText,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
} from '@mui/material';
import { Typography } from '@mui/material';
import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  formatMoney,
  moneyInputText,
  parseMoney,
  currencySymbol,
  isMinorUnits,
  isCurrency,
} from '../../domain/money.ts';
import { numberFormat } from '../../domain/intl.ts';
import { resourceOfKlass } from '../../domain/recent-changes.ts';
import { recordTitle } from '../../domain/records/index.ts';
import { currencyFieldOf, type FieldSpec, type FieldType } from '../../domain/records/field-types.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { currencyChoices } from '../currency-choices.ts';
import { lazyPart } from '../lazy-part.ts';
import type { ResourceEnv } from './resource-env.ts';
import { TOUCH, TOUCH_SIZE, touchLink } from '../touch-target.ts';
import { RowsInput } from './rows-input.tsx';
import { titlesRead } from './use-records.ts';

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

export interface FieldDisplayProps {
  resource: string;
  field: FieldSpec;
  value: unknown;
  env: ResourceEnv;
  record: Readonly<Record<string, unknown>>;
  /** Referenced records by id (useRecordTitles). */
  related: Readonly<Record<string, PouchDoc>>;
  /** Lists show one line; record pages show everything. */
  compact: boolean;
}

interface FieldUi {
  Input: ComponentType<FieldInputProps>;
  Display?: ComponentType<FieldDisplayProps>;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
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

/** The currency an amount counts in: its record's, else the group's. */
function currencyOf(field: FieldSpec, record: Readonly<Record<string, unknown>>, env: ResourceEnv): string {
  const own = record[currencyFieldOf(field)];
  return isCurrency(own) ? own : (env.settings.currency ?? 'USD');
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

function MoneyDisplay({ field, value, env, record }: FieldDisplayProps) {
  const { t, i18n } = useTranslation();
  // A value a script wrote that is no amount is shown as it is, saying so when pointed at (spec 001).
  if (!isMinorUnits(value))
    return (
      <span title={t('resource.money.shownNotANumber')} data-not-a-number="">
        {asText(value)}
      </span>
    );
  // A currency the record names but no one knows (a script's typo) is shown as its code before
  // the amount (spec 001), not passed off as the group's currency.
  const own = record[currencyFieldOf(field)];
  const currency = typeof own === 'string' && own.trim() !== '' ? own.trim() : currencyOf(field, record, env);
  return <>{formatMoney(value, currency, i18n.language)}</>;
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
  const { Input } = FIELD_UI[props.field.type];
  return <Input {...props} />;
}

function RowsDisplay(props: FieldDisplayProps) {
  const { t } = useTranslation();
  const rows = props.value as Array<Record<string, unknown>>;
  if (props.compact) return <>{rows.length}</>;
  return (
    <Stack spacing={0.5}>
      {rows.map((row, index) => {
        const link = props.field.rowLink?.(row) ?? null;
        const text = (props.field.rows ?? [])
          .filter((column) => column.type !== 'boolean' && row[column.name] !== undefined)
          .map((column, i) => (
            <span key={column.name}>
              {i > 0 && ' · '}
              <TypedDisplay {...props} field={column} value={row[column.name]} compact />
            </span>
          ));
        return (
          <Typography key={index} variant="body2" component="div">
            {link ? (
              <Link href={link} target="_blank" rel="noopener noreferrer" sx={touchLink}>
                {text}
              </Link>
            ) : (
              text
            )}
            {row.main === true && ` (${t('resource.main')})`}
          </Typography>
        );
      })}
    </Stack>
  );
}

/** One stored value as people read it, per its type. */
export function TypedDisplay(props: FieldDisplayProps) {
  const Display = FIELD_UI[props.field.type].Display;
  return Display ? <Display {...props} /> : <>{asText(props.value)}</>;
}

function firstLine(value: unknown) {
  return String(value).split('\n')[0];
}

// markdown-it is about 40 KB gzipped: loaded by a record's page showing a handbook, not by lists.
const Markdown = lazyPart(() => import('./markdown.tsx').then((m) => ({ default: m.Markdown })));

function LongTextDisplay({ value, compact }: FieldDisplayProps) {
  return compact ? (
    <>{firstLine(value)}</>
  ) : (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {String(value)}
    </Typography>
  );
}

const plain = textInput({});

export const FIELD_UI: Readonly<Record<FieldType, FieldUi>> = {
  text: { Input: plain },
  currency: { Input: CurrencyInput },
  email: { Input: textInput({ type: 'email' }) },
  phone: {
    Input: textInput({ type: 'tel' }),
    // A tap calls: the digits and a leading + are what the dialer needs. Phones show as a row field
    // (a customer's phones), which a list shows as a count: a number is a link on the record's page.
    Display: ({ value }) => (
      <Link href={`tel:${String(value).replace(/[^\d+]/g, '')}`} sx={touchLink}>
        {String(value)}
      </Link>
    ),
  },
  url: { Input: textInput({ type: 'url' }) },
  date: {
    Input: textInput({ type: 'date' }),
    Display: function DateDisplay({ value }) {
      const { i18n } = useTranslation();
      return <>{formatDate(String(value), i18n.language)}</>;
    },
  },
  textarea: { Input: textInput({ multiline: 3 }), Display: LongTextDisplay },
  lines: { Input: textInput({ multiline: 3 }), Display: LongTextDisplay },
  markdown: {
    Input: textInput({ multiline: 8 }),
    Display: (props) =>
      props.compact ? (
        <>{firstLine(props.value)}</>
      ) : (
        // The text as written until the renderer is here: lists and forms never ask for it.
        <Suspense fallback={<LongTextDisplay {...props} />}>
          <Markdown source={String(props.value)} />
        </Suspense>
      ),
  },
  tags: {
    Input: textInput({ help: 'resource.tagsHelp' }),
    Display: ({ value }) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(value as string[]).map((tag) => (
          <Chip key={tag} size="small" label={tag} />
        ))}
      </Stack>
    ),
  },
  color: {
    Input: textInput({ type: 'color' }),
    Display: ({ value, compact }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: String(value), border: 1, borderColor: 'divider' }}
        />
        {!compact && <span>{String(value)}</span>}
      </Stack>
    ),
  },
  integer: { Input: textInput({ inputMode: 'numeric' }), Display: NumberDisplay },
  decimal: { Input: textInput({ inputMode: 'decimal' }), Display: NumberDisplay },
  money: { Input: MoneyInput, Display: MoneyDisplay },
  boolean: {
    Input: BooleanInput,
    Display: function BooleanDisplay({ value }) {
      const { t } = useTranslation();
      return <>{value ? t('resource.yes') : t('resource.no')}</>;
    },
  },
  select: {
    Input: SelectInput,
    Display: function SelectDisplay({ resource, field, value }) {
      const { t } = useTranslation();
      return <>{t(`records.${resource}.options.${field.name}.${String(value)}`, { defaultValue: String(value) })}</>;
    },
  },
  member: {
    Input: SelectInput,
    Display: function MemberDisplay({ env, value }) {
      const { t } = useTranslation();
      return <>{env.members.find((m) => m.id === value)?.name ?? t('resource.formerMember')}</>;
    },
  },
  reference: {
    Input: ReferenceFieldInput,
    Display: function ReferenceDisplay({ field, value, related, env, compact }) {
      const { t } = useTranslation();
      const doc = related[String(value)];
      // In a list the whole row opens its record: a name there is no second, smaller target.
      const target = field.ref && !compact ? resourceOfKlass(field.ref) : null;
      // Not read yet: a line of the name's room, not "missing" (and no row growing once named).
      if (!doc && !titlesRead(related))
        return <Skeleton variant="text" component="span" sx={{ display: 'inline-block', width: '6em' }} />;
      const label = doc ? recordTitle(doc) : t('resource.missingRecord');
      return target && doc ? (
        <Link component={RouterLink} to={`/account/${env.accountId}/${target}/${String(value)}`} sx={touchLink}>
          {label}
        </Link>
      ) : (
        <>{label}</>
      );
    },
  },
  references: {
    Input: ReferencesFieldInput,
    Display: function ReferencesDisplay({ field, value, related, env, compact }) {
      // In a list the whole row is the link: names only.
      const target = field.ref && !compact ? resourceOfKlass(field.ref) : null;
      return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {(value as string[]).map((id) => {
            const doc = related[id];
            if (!doc) return null;
            return target ? (
              <Chip
                key={id}
                size="small"
                label={recordTitle(doc)}
                component={RouterLink}
                to={`/account/${env.accountId}/${target}/${id}`}
                clickable
                sx={{ [TOUCH]: { height: TOUCH_SIZE, borderRadius: TOUCH_SIZE / 2 } }}
              />
            ) : (
              <Chip key={id} size="small" label={recordTitle(doc)} />
            );
          })}
        </Stack>
      );
    },
  },
  rows: { Input: RowsFieldInput, Display: RowsDisplay },
};

function NumberDisplay({ value }: FieldDisplayProps) {
  const { i18n } = useTranslation();
  return <>{typeof value === 'number' ? formatNumber(value, i18n.language) : asText(value)}</>;
}

/** Decimals as the reader's language writes them ("1.234,5" in pt-BR). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 6 }).format(value);
}

/** A calendar day (YYYY-MM-DD) as the reader's language writes it, without time zones moving it. */
export function formatDate(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
