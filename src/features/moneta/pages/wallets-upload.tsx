import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import type { BatchProgress } from '../../../data/resource-writes.ts';
import { formatDate } from '../../../components/resource/field-type-displays.tsx';
import { formatMoney, sumMoney } from '../../../domain/money.ts';
import {
  AMOUNT_SIGNS,
  type AmountSign,
  checkDates,
  type ColumnMap,
  columnsComplete,
  DATE_FORMATS,
  type DateFormat,
  defaultAmountSign,
  defaultDateFormat,
  guessColumns,
  STATEMENT_FIELDS,
  type StatementField,
  type StatementTable,
} from '../../../domain/modules/moneta/statement.ts';
import {
  type ImportPlan,
  listImports,
  listWallets,
  planImport,
  readStatementFile,
  runImport,
} from '../import/import-statement.ts';

const PREVIEW_ROWS = 10;
/** On a phone the date and categories read with the description: the amount stays in view. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A previous import of a file with these very headers: its columns and date format, per bank. */
function savedFor(imports: readonly PouchDoc[], headers: readonly string[]): PouchDoc | null {
  const text = headers.join('\n');
  return (
    imports.find((doc) => doc.headers === text && doc.status === 'done') ??
    imports.find((doc) => doc.headers === text) ??
    null
  );
}

function columnsOf(saved: PouchDoc): ColumnMap {
  const map: ColumnMap = {};
  if (Array.isArray(saved.columns))
    for (const entry of saved.columns as Array<{ field?: unknown; column?: unknown }>)
      if (STATEMENT_FIELDS.includes(entry.field as StatementField) && typeof entry.column === 'number')
        map[entry.field as StatementField] = entry.column;
  return map;
}

/**
 * /wallets-upload: a bank statement (CSV) into a wallet, on the device, offline too. The file is
 * read in a Web Worker; the person checks the columns, the date format and a preview with the
 * mappings applied, then imports with progress. Duplicates and left-out lines are listed.
 */
export default function WalletsUploadPage({ env }: ModulePageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useErrorState();
  const [wallets, setWallets] = useState<PouchDoc[] | null>(null);
  const [imports, setImports] = useState<PouchDoc[]>([]);
  const [table, setTable] = useState<StatementTable | null>(null);
  const [fileName, setFileName] = useState('');
  const [description, setDescription] = useState('');
  const [columns, setColumns] = useState<ColumnMap>({});
  const [dateFormat, setDateFormat] = useState<DateFormat>(defaultDateFormat(i18n.language));
  const [walletId, setWalletId] = useState('');
  // The person's choice holds for the wallet it was made for; another wallet brings its own default.
  const [signChoice, setSignChoice] = useState<{ walletId: string; sign: AmountSign } | null>(null);
  const [planned, setPlan] = useState<ImportPlan | null>(null);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [reading, setReading] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([listWallets(env.accountId), listImports(env.accountId)]).then(([w, i]) => {
      if (!live) return;
      setWallets(w);
      setImports(i);
      setWalletId((current) => current || (w.find((x) => x.active !== false)?._id ?? ''));
    }, setError);
    return () => {
      live = false;
    };
  }, [env.accountId, setError]);

  const wallet = wallets?.find((w) => w._id === walletId) ?? null;
  const amountSign = signChoice?.walletId === walletId ? signChoice.sign : defaultAmountSign(wallet);
  const dateValues = useMemo(
    () => (table && columns.date !== undefined ? table.rows.map((row) => row[columns.date!] ?? '') : []),
    [table, columns.date],
  );
  const dates = useMemo(
    () => (dateValues.length ? checkDates(dateValues, dateFormat) : null),
    [dateValues, dateFormat],
  );
  const complete = columnsComplete(columns);

  // The plan follows every choice: the preview is what will be written.
  const ready = Boolean(table && wallet && complete && wallets);
  useEffect(() => {
    if (!table || !wallet || !complete || !wallets) return;
    let live = true;
    const byCurrency = new Map<string, PouchDoc>();
    byCurrency.set(String(wallet.currency), wallet);
    // A file mixing currencies: each goes to a wallet of its own currency, when the group has one.
    for (const other of wallets)
      if (!byCurrency.has(String(other.currency))) byCurrency.set(String(other.currency), other);
    planImport(env.accountId, table, { columns, dateFormat, wallets: byCurrency, amountSign }).then(
      (next) => live && setPlan(next),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [env.accountId, table, wallet, wallets, columns, dateFormat, amountSign, complete, setError]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    setReading(true);
    try {
      const read = await readStatementFile(file);
      const saved = savedFor(imports, read.headers);
      setTable(read);
      setFileName(file.name);
      setColumns(saved ? columnsOf(saved) : guessColumns(read.headers));
      if (saved && DATE_FORMATS.includes(saved.date_format as DateFormat))
        setDateFormat(saved.date_format as DateFormat);
      if (saved && typeof saved.wallet_id === 'string' && wallets?.some((w) => w._id === saved.wallet_id))
        setWalletId(saved.wallet_id);
      setDescription(typeof saved?.description === 'string' ? saved.description : file.name.replace(/\.[^.]+$/, ''));
    } catch (caught) {
      setError(caught);
    } finally {
      setReading(false);
      event.target.value = '';
    }
  };

  const setColumn = (index: number, field: string) =>
    setColumns((current) => {
      const next: ColumnMap = {};
      for (const [key, column] of Object.entries(current)) if (column !== index) next[key as StatementField] = column;
      if (field) next[field as StatementField] = index;
      return next;
    });

  const start = async () => {
    if (!plan || !table || !wallet) return;
    setError(null);
    setProgress({ written: 0, total: plan.records.length });
    try {
      const id = await runImport(
        env,
        plan,
        { description: description.trim() || fileName, walletId: wallet._id, dateFormat, table, columns },
        setProgress,
      );
      void navigate(`/account/${env.accountId}/imports/${id}`);
    } catch (caught) {
      setError(caught);
      setProgress(null);
    }
  };

  // A plan made for choices that no longer hold (the columns now incomplete) is not shown.
  const plan = ready ? planned : null;
  const money = (doc: PouchDoc) => formatMoney(doc.value as number, String(doc.currency), i18n.language);
  const day = (doc: PouchDoc) => formatDate(String(doc.date), i18n.language);
  // What the import adds per currency, to check against the statement's own totals.
  const totals = useMemo(() => {
    const byCurrency = new Map<string, { Outgo: number[]; Income: number[] }>();
    for (const doc of plan?.records ?? []) {
      const sums = byCurrency.get(String(doc.currency)) ?? { Outgo: [], Income: [] };
      sums[doc.klass === 'Outgo' ? 'Outgo' : 'Income'].push(doc.value as number);
      byCurrency.set(String(doc.currency), sums);
    }
    return [...byCurrency].map(([currency, sums]) => ({
      currency,
      outgos: sumMoney(sums.Outgo),
      incomes: sumMoney(sums.Income),
    }));
  }, [plan]);
  const fieldOf = (index: number) =>
    (Object.entries(columns).find(([, column]) => column === index)?.[0] as StatementField | undefined) ?? '';

  return (
    <Stack spacing={2} data-testid="wallets-upload" aria-busy={wallets === null}>
      <Typography variant="h5" component="h1">
        {t('moneta.import.title')}
      </Typography>
      <Typography color="text.secondary">{t('moneta.import.help')}</Typography>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {wallets?.length === 0 && <Alert severity="info">{t('moneta.import.noWallet')}</Alert>}
      <Box>
        {/* A button that opens the file picker (a label styled as one is no button to a screen reader). */}
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={!wallets?.length || reading || progress !== null}
          onClick={() => fileInput.current?.click()}
          sx={{ minHeight: 44 }}
        >
          {table ? t('moneta.import.otherFile') : t('moneta.import.chooseFile')}
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          name="statement"
          onChange={(e) => void choose(e)}
        />
        {reading && <LinearProgress sx={{ mt: 1 }} aria-label={t('moneta.import.reading')} />}
      </Box>

      {table && wallets && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary" data-encoding={table.encoding}>
                {t('moneta.import.read', {
                  file: fileName,
                  count: table.rows.length,
                  encoding: table.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252 (Latin-1)',
                  separator: table.separator === '\t' ? 'Tab' : table.separator,
                })}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
                <TextField
                  label={t('moneta.import.description')}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  slotProps={{ htmlInput: { name: 'description' } }}
                  helperText={t('moneta.import.descriptionHelp')}
                />
                <TextField
                  select
                  label={t('moneta.import.wallet')}
                  value={walletId}
                  onChange={(e) => setWalletId(e.target.value)}
                  slotProps={{ htmlInput: { name: 'wallet_id' } }}
                >
                  {wallets.map((w) => (
                    <MenuItem key={w._id} value={w._id}>
                      {`${String(w.name)} (${String(w.currency)})`}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label={t('moneta.import.dateFormat')}
                  value={dateFormat}
                  onChange={(e) => setDateFormat(e.target.value as DateFormat)}
                  slotProps={{ htmlInput: { name: 'date_format' } }}
                >
                  {DATE_FORMATS.map((format) => (
                    <MenuItem key={format} value={format}>
                      {t(`moneta.import.formats.${format}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
              {dates?.warning && (
                <Alert
                  severity="warning"
                  data-date-warning={dates.warning}
                  action={
                    dates.suggestion && (
                      <Button color="inherit" onClick={() => setDateFormat(dates.suggestion!)}>
                        {t('moneta.import.useFormat', { format: t(`moneta.import.formats.${dates.suggestion}`) })}
                      </Button>
                    )
                  }
                >
                  {t(`moneta.import.dateWarning.${dates.warning}`)}
                </Alert>
              )}
              <Typography variant="subtitle1" component="h2">
                {t('moneta.import.columns')}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
                }}
              >
                {table.headers.map((header, index) =>
                  header.trim() === '' ? null : (
                    <TextField
                      key={index}
                      select
                      size="small"
                      label={header}
                      value={fieldOf(index)}
                      onChange={(e) => setColumn(index, e.target.value)}
                      slotProps={{ htmlInput: { name: `column.${index}` } }}
                    >
                      <MenuItem value="">
                        <em>{t('moneta.import.ignore')}</em>
                      </MenuItem>
                      {STATEMENT_FIELDS.map((field) => (
                        <MenuItem key={field} value={field}>
                          {t(`moneta.import.fields.${field}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  ),
                )}
              </Box>
              {columns.value !== undefined && (
                <TextField
                  select
                  label={t('moneta.import.amountSign')}
                  value={amountSign}
                  onChange={(e) => setSignChoice({ walletId, sign: e.target.value as AmountSign })}
                  helperText={t(`moneta.import.amountSignHelp.${amountSign}`)}
                  slotProps={{ htmlInput: { name: 'amount_sign' } }}
                  sx={{ maxWidth: { md: '50%' } }}
                >
                  {AMOUNT_SIGNS.map((sign) => (
                    <MenuItem key={sign} value={sign}>
                      {t(`moneta.import.amountSigns.${sign}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {!complete && (
                <Alert severity="error" data-columns-incomplete="">
                  {t('moneta.import.columnsIncomplete')}
                </Alert>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}

      {plan && (
        <Card variant="outlined" data-testid="import-preview">
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="subtitle1" component="h2">
                {t('moneta.import.preview')}
              </Typography>
              <Typography data-counts={`${plan.records.length} ${plan.duplicates.length} ${plan.skipped.length}`}>
                {[
                  t('moneta.import.toImport', { count: plan.records.length }),
                  t('moneta.import.inWallet', { count: plan.duplicates.length }),
                  t('moneta.import.leftOut', { count: plan.skipped.length }),
                ].join(' · ')}
              </Typography>
              {totals.map(({ currency, outgos, incomes }) => (
                <Typography key={currency} data-totals={`${currency} ${outgos} ${incomes}`}>
                  {t('moneta.import.totals', {
                    outgos: formatMoney(outgos, currency, i18n.language),
                    incomes: formatMoney(incomes, currency, i18n.language),
                  })}
                </Typography>
              ))}
              <Alert severity="info">{t('moneta.importedNote')}</Alert>
              {plan.records.length > 0 && (
                // Wider than a phone: a region that scrolls by keyboard too, named for what it holds.
                <TableContainer tabIndex={0} role="region" aria-label={t('moneta.import.preview')}>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell sx={WIDE_ONLY}>{t('records.outgos.fields.date')}</TableCell>
                        <TableCell>{t('records.outgos.fields.description')}</TableCell>
                        <TableCell sx={WIDE_ONLY}>{t('records.outgos.fields.categories')}</TableCell>
                        <TableCell align="right">{t('records.outgos.fields.value')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {plan.records.slice(0, PREVIEW_ROWS).map((doc) => (
                        <TableRow key={doc._id} data-preview-row={String(doc.klass)}>
                          <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{day(doc)}</TableCell>
                          <TableCell>
                            <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                              {day(doc)}
                            </Typography>
                            {String(doc.description)}
                            {plan.mapped.has(doc._id) && (
                              <Chip size="small" sx={{ ml: 1 }} label={t('moneta.import.mapped')} />
                            )}
                            {Array.isArray(doc.categories) && (
                              <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                                {(doc.categories as string[]).join(', ')}
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell data-categories="" sx={WIDE_ONLY}>
                            {Array.isArray(doc.categories) ? (doc.categories as string[]).join(', ') : ''}
                          </TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {`${doc.klass === 'Outgo' ? '−' : '+'} ${money(doc)}`}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
              {plan.duplicates.length > 0 && (
                <Box component="details" data-duplicates="">
                  <summary>{t('moneta.import.duplicates', { count: plan.duplicates.length })}</summary>
                  <ul>
                    {plan.duplicates.map((doc) => (
                      <li key={doc._id}>{`${day(doc)} · ${String(doc.description)} · ${money(doc)}`}</li>
                    ))}
                  </ul>
                </Box>
              )}
              {plan.skipped.length > 0 && (
                <Box component="details" data-skipped="">
                  <summary>{t('moneta.import.skipped', { count: plan.skipped.length })}</summary>
                  <ul>
                    {plan.skipped.map((row) => (
                      <li key={row.line}>
                        {t('moneta.import.skippedLine', {
                          line: row.line,
                          description: row.description,
                          reason: t(`moneta.import.skip.${row.skip}`),
                        })}
                      </li>
                    ))}
                  </ul>
                </Box>
              )}
              {progress ? (
                <Box>
                  <LinearProgress
                    variant="determinate"
                    value={progress.total ? (100 * progress.written) / progress.total : 100}
                    aria-label={t('moneta.import.progress', { ...progress })}
                  />
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {t('moneta.import.progress', { ...progress })}
                  </Typography>
                </Box>
              ) : (
                <Box>
                  <Button
                    variant="contained"
                    onClick={() => void start()}
                    disabled={plan.records.length === 0 || dates?.warning === 'wrongFormat'}
                    data-action="import"
                    sx={{ minHeight: 44 }}
                  >
                    {t('moneta.import.start', { count: plan.records.length })}
                  </Button>
                </Box>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
