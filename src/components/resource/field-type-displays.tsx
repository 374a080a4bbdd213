// How a stored value reads, per kind of field: the screens' half of the field-type registry for
// lists and record pages (src/domain/records/field-types.ts keeps the rules; the inputs, with
// MUI's text fields and their menus, are in field-type-inputs.tsx and come with the forms). A kind
// without a display reads as its text.
import { Box, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney, isCurrency, isMinorUnits } from '../../domain/money.ts';
import { numberFormat } from '../../domain/intl.ts';
import { resourceOfKlass } from '../../domain/recent-changes.ts';
import { recordTitle } from '../../domain/records/index.ts';
import { currencyFieldOf, type FieldSpec, type FieldType } from '../../domain/records/field-types.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { lazyPart } from '../lazy-part.ts';
import type { ResourceEnv } from './resource-env.ts';
import { TOUCH, TOUCH_SIZE, touchLink } from '../touch-target.ts';
import { titlesRead } from './use-records.ts';

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

export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export /** The currency an amount counts in: its record's, else the group's. */
function currencyOf(field: FieldSpec, record: Readonly<Record<string, unknown>>, env: ResourceEnv): string {
  const own = record[currencyFieldOf(field)];
  return isCurrency(own) ? own : (env.settings.currency ?? 'USD');
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
  const Display = FIELD_DISPLAYS[props.field.type];
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

export const FIELD_DISPLAYS: Readonly<Record<FieldType, ComponentType<FieldDisplayProps> | null>> = {
  text: null,
  currency: null,
  email: null,
  // A tap calls: the digits and a leading + are what the dialer needs. Phones show as a row field
  // (a customer's phones), which a list shows as a count: a number is a link on the record's page.
  phone: ({ value }) => (
    <Link href={`tel:${String(value).replace(/[^\d+]/g, '')}`} sx={touchLink}>
      {String(value)}
    </Link>
  ),
  url: null,
  date: function DateDisplay({ value }) {
    const { i18n } = useTranslation();
    return <>{formatDate(String(value), i18n.language)}</>;
  },
  textarea: LongTextDisplay,
  lines: LongTextDisplay,
  markdown: (props) =>
    props.compact ? (
      <>{firstLine(props.value)}</>
    ) : (
      // The text as written until the renderer is here: lists and forms never ask for it.
      <Suspense fallback={<LongTextDisplay {...props} />}>
        <Markdown source={String(props.value)} />
      </Suspense>
    ),
  tags: ({ value }) => (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(value as string[]).map((tag) => (
        <Chip key={tag} size="small" label={tag} />
      ))}
    </Stack>
  ),
  color: ({ value, compact }) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: String(value), border: 1, borderColor: 'divider' }}
      />
      {!compact && <span>{String(value)}</span>}
    </Stack>
  ),
  integer: NumberDisplay,
  decimal: NumberDisplay,
  money: MoneyDisplay,
  boolean: function BooleanDisplay({ value }) {
    const { t } = useTranslation();
    return <>{value ? t('resource.yes') : t('resource.no')}</>;
  },
  select: function SelectDisplay({ resource, field, value }) {
    const { t } = useTranslation();
    return <>{t(`records.${resource}.options.${field.name}.${String(value)}`, { defaultValue: String(value) })}</>;
  },
  member: function MemberDisplay({ env, value }) {
    const { t } = useTranslation();
    return <>{env.members.find((m) => m.id === value)?.name ?? t('resource.formerMember')}</>;
  },
  reference: function ReferenceDisplay({ field, value, related, env, compact }) {
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
  references: function ReferencesDisplay({ field, value, related, env, compact }) {
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
  rows: RowsDisplay,
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
