import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Box,
  Button,
  Card,
  Collapse,
  IconButton,
  InputAdornment,
  Link,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { memo, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { ResourceSpec, SortDirection } from '../../domain/records/schema.ts';
import { isReferenceField, referencedIds } from '../../domain/records/field-types.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { countRecords, listRows, readRecords } from '../../data/record-list.ts';
import { EmptyState } from '../empty-state.tsx';
import { FillingNotice } from '../filling-notice.tsx';
import { visuallyHidden } from '../visually-hidden.ts';
import { ConflictFlag, useConflictIds } from './conflict-flag.tsx';
import { ErrorBox } from '../error-box.tsx';
import { TextBox } from '../form-field.tsx';
import { FieldValue } from './field-value.tsx';
import { type ResourceEnv, resourcePath } from './resource-env.ts';
import { fieldLabel, fieldOf, PAGE_SIZES } from './resource-fields.ts';
import { lazyPart } from '../lazy-part.ts';
import { titlesOf, useReplicaQuery } from './use-records.ts';

/** The names of a pagination's arrows (its ellipses are no buttons, and have none). */
const PAGE_BUTTONS: Readonly<Record<string, string>> = {
  first: 'resource.pageFirst',
  last: 'resource.pageLast',
  next: 'resource.pageNext',
  previous: 'resource.pagePrevious',
};
const NO_TITLES: Readonly<Record<string, PouchDoc>> = {};
const SearchOptions = lazyPart(() => import('./search-options.tsx').then((m) => ({ default: m.SearchOptions })));
interface IndexRowProps {
  row: PouchDoc;
  spec: ResourceSpec;
  env: ResourceEnv;
  related: Readonly<Record<string, PouchDoc>>;
  conflict: boolean;
  /** A wide screen shows every column; a phone the first two, the others as a line under the second. */
  wide: boolean;
  rowActions?: RowActions;
}

type RowActions = (record: PouchDoc, env: ResourceEnv) => ReactNode;

/** One record's row, drawn again only when what it shows changes (not when the count comes in). */
const IndexRow = memo(function IndexRow({ row, spec, env, related, conflict, wide, rowActions }: IndexRowProps) {
  const navigate = useNavigate();
  /** One stored value as a list cell reads it. */
  const shown = (column: string) => (
    <FieldValue
      resource={spec.resource}
      field={fieldOf(spec, column)}
      value={row[column]}
      env={env}
      record={row}
      related={related}
      compact
    />
  );
  return (
    <TableRow
      hover
      data-record={row._id}
      // The whole row opens the record (a thumb misses a small link); links inside
      // it (a customer) keep going where they point, and the keyboard uses the link.
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a, button')) return;
        void navigate(resourcePath(env, spec, `/${row._id}`));
      }}
      sx={{ cursor: 'pointer' }}
    >
      {(wide ? spec.columns : spec.columns.slice(0, 2)).map((column, i) => (
        <TableCell key={column} sx={i > 1 ? undefined : { maxWidth: '24rem', overflowWrap: 'anywhere' }}>
          {i === 0 ? (
            <>
              <Link component={RouterLink} to={resourcePath(env, spec, `/${row._id}`)}>
                {shown(column)}
                {column !== spec.titleField && (
                  // Named by what it shows (a date, a number) and then by the record,
                  // so a voice command naming either finds it (WCAG 2.5.3).
                  <Box component="span" sx={visuallyHidden}>
                    {` ${String(row[spec.titleField] ?? '')
                      .split('\n')[0]!
                      .slice(0, 80)}`}
                  </Box>
                )}
              </Link>
              {conflict && <ConflictFlag />}
            </>
          ) : (
            shown(column)
          )}
          {i === 1 && !wide && spec.columns.length > 2 && (
            // On a phone the other columns read as a line under this one. Drawn for the one screen
            // or the other, not for both and hidden by style: every cell is work for a phone.
            <Typography
              component="div"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}
              data-row-details=""
            >
              {spec.columns
                .slice(2)
                .map((other) =>
                  row[other] === undefined || row[other] === '' ? null : <span key={other}>{shown(other)}</span>,
                )}
            </Typography>
          )}
        </TableCell>
      ))}
      {rowActions && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {rowActions(row, env)}
        </TableCell>
      )}
    </TableRow>
  );
});

interface ResourceIndexProps {
  spec: ResourceSpec;
  env: ResourceEnv;
  /** Buttons a module adds beside "New" (a board of the same records). */
  actions?: ReactNode;
  /** Buttons a module adds at the end of each row. */
  rowActions?: RowActions;
}

/** The index screen of every described resource: search, advanced search, pages, empty state. */
export function ResourceIndexPage({ spec, env, actions, rowActions }: ResourceIndexProps) {
  // Some records are written only from another screen (comments, from the record they are about).
  const canCreate = !spec.screens || spec.screens.includes('new');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const conflicts = useConflictIds(env.accountId);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const search = params.get('q') ?? '';
  const sort = spec.sort.includes(params.get('sort') ?? '') ? params.get('sort')! : spec.defaultSort.field;
  const direction: SortDirection =
    params.get('direction') === 'asc' || params.get('direction') === 'desc'
      ? (params.get('direction') as SortDirection)
      : spec.defaultSort.direction;
  const perPage = PAGE_SIZES.find((size) => String(size) === params.get('per')) ?? PAGE_SIZES[0];
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [typed, setTyped] = useState(search);
  const [advanced, setAdvanced] = useState(false);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Typing searches after a short pause, without a button to press.
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => update({ q: typed }), 250);
    return () => clearTimeout(timer);
  }, [typed, search, update]);

  // The records the rows name (a ticket's customer) are read with the rows: the page is drawn once
  // with both, not once bare and again with the names.
  const load = useCallback(async () => {
    const found = await listRows<PouchDoc>(env.accountId, {
      klass: spec.klass,
      search,
      sort,
      direction,
      page,
      perPage,
    });
    const references = spec.columns.map((c) => fieldOf(spec, c)).filter(isReferenceField);
    const ids = found.rows.flatMap((row) => references.flatMap((f) => referencedIds(f, row[f.name])));
    // A read that failed is over too: its records show as missing rather than loading forever.
    const docs = ids.length > 0 ? await readRecords(env.accountId, [...new Set(ids)]).catch(() => []) : [];
    return { ...found, related: titlesOf(docs) };
  }, [env.accountId, spec, search, sort, direction, page, perPage]);
  const { value: found, error, setError } = useReplicaQuery(env.accountId, load);
  // The rows show first; counting every record of a long list comes after them.
  const rowsShown = found !== undefined;
  const countUnknown = found?.total === null;
  const count = useCallback(
    () =>
      rowsShown && countUnknown ? countRecords(env.accountId, { klass: spec.klass, sort }) : Promise.resolve(null),
    [env.accountId, spec.klass, sort, rowsShown, countUnknown],
  );
  const counted = useReplicaQuery(env.accountId, count).value;
  const result = found && { rows: found.rows, total: found.total ?? counted ?? null };
  const related = found?.related ?? NO_TITLES;
  const pages = result?.total != null ? Math.max(1, Math.ceil(result.total / perPage)) : 1;

  return (
    // Busy until its first rows are read: what a page kept for the next launch waits for.
    <Stack spacing={2} aria-busy={!result && !error}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h1">
          {t(`records.${spec.resource}.title`)}
        </Typography>
        <Stack direction="row" spacing={1}>
          {actions}
          {canCreate && (
            <Button
              component={RouterLink}
              to={resourcePath(env, spec, '/new')}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t(`records.${spec.resource}.new`)}
            </Button>
          )}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextBox
          size="small"
          type="search"
          name="q"
          label={t('resource.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          }
        />
        <IconButton
          aria-label={t('resource.advancedSearch')}
          aria-expanded={advanced}
          onClick={() => {
            void SearchOptions.preload();
            setAdvanced((a) => !a);
          }}
        >
          <TuneIcon />
        </IconButton>
      </Stack>
      <Collapse in={advanced} unmountOnExit>
        <Suspense>
          <SearchOptions spec={spec} perPage={perPage} sort={sort} direction={direction} update={update} />
        </Suspense>
      </Collapse>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {!result && !error && <FillingNotice dbName={env.accountId} />}
      {result && result.rows.length === 0 && (
        <EmptyState
          title={search ? t('resource.noMatch') : t(`records.${spec.resource}.empty`)}
          action={
            !search &&
            canCreate && (
              <Button component={RouterLink} to={resourcePath(env, spec, '/new')} startIcon={<AddIcon />}>
                {t(`records.${spec.resource}.new`)}
              </Button>
            )
          }
        />
      )}
      {result && result.rows.length > 0 && (
        <Card variant="outlined">
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t(`records.${spec.resource}.title`)}>
              <TableHead>
                <TableRow>
                  {(wide ? spec.columns : spec.columns.slice(0, 2)).map((column) => (
                    <TableCell key={column}>{fieldLabel(t, spec, column)}</TableCell>
                  ))}
                  {rowActions && (
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        {t('resource.rowActions')}
                      </Box>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rows.map((row) => (
                  <IndexRow
                    key={row._id}
                    row={row}
                    spec={spec}
                    env={env}
                    related={related}
                    conflict={conflicts.has(row._id)}
                    wide={wide}
                    rowActions={rowActions}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      {result?.total != null && result.total > 0 && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Typography variant="body2" color="text.secondary" data-total={result.total}>
            {t('resource.total', { count: result.total })}
          </Typography>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_, p) => update({ page: String(p) })}
              // MUI names its buttons in English only.
              getItemAriaLabel={(type, number, selected) =>
                type === 'page'
                  ? t(selected ? 'resource.pageCurrent' : 'resource.pageGo', { page: number })
                  : t(PAGE_BUTTONS[type] ?? '')
              }
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
