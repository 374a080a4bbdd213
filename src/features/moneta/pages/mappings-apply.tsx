import { Alert, Box, Button, Card, CardContent, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useFormatCalendarDate } from '../../../components/format-calendar-date.ts';
import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { BatchProgress } from '../../../data/resource-writes.ts';
import { reasonKey } from '../../../domain/errors.ts';
import { specOfKlass } from '../../../domain/records/index.ts';
import { type AppliedMappings, applyMappingChanges, previewMappings } from '../api/mappings.ts';

/** Changes listed on the page; the rest are counted (all are applied). */
const SHOWN = 100;

const shownValue = (value: unknown) =>
  Array.isArray(value) ? value.join(', ') : typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * /mappings-apply: what the active mappings would change in the records already stored (a
 * mapping made today, for last month's expenses), field by field, before anything is written.
 */
export default function MappingsApplyPage({ env }: ModulePageProps) {
  const { t } = useTranslation();
  const formatDate = useFormatCalendarDate();
  const load = useCallback(() => previewMappings(env.accountId), [env.accountId]);
  const { value: changes, error, setError } = useReplicaQuery(env.accountId, load);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [result, setResult] = useState<AppliedMappings | null>(null);

  const apply = async () => {
    if (!changes?.length) return;
    setError(null);
    setResult(null);
    setProgress({ written: 0, total: changes.length });
    try {
      setResult(await applyMappingChanges(env, changes, setProgress));
    } catch (caught) {
      setError(caught);
    } finally {
      setProgress(null);
    }
  };

  const label = (klass: unknown, field: string) => {
    const spec = specOfKlass(klass);
    return spec ? t(`records.${spec.resource}.fields.${field}`) : field;
  };

  return (
    <Stack spacing={2} data-testid="mappings-apply">
      <Typography variant="h5" component="h1">
        {t('moneta.mappingsApply.title')}
      </Typography>
      <Typography color="text.secondary">{t('moneta.mappingsApply.help')}</Typography>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {result && (
        <Alert
          severity={result.refused.length || result.conflicts ? 'warning' : 'success'}
          data-applied={result.changed}
        >
          {t('moneta.mappingsApply.applied', { count: result.changed })}
          {result.conflicts > 0 && ` ${t('moneta.mappingsApply.conflicts', { count: result.conflicts })}`}
          {result.refused.map((r) => (
            <Box key={r.id} component="span" sx={{ display: 'block' }}>
              {t('moneta.mappingsApply.refused', {
                id: r.id,
                reason: t(`errors.${reasonKey(r.message)}`, { defaultValue: r.message }),
              })}
            </Box>
          ))}
        </Alert>
      )}
      {!changes && !error && <LinearProgress aria-label={t('moneta.mappingsApply.reading')} />}
      {changes?.length === 0 && !progress && (
        <Typography data-testid="mappings-apply-empty">{t('moneta.mappingsApply.none')}</Typography>
      )}
      {changes && changes.length > 0 && (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography data-changes={changes.length} sx={{ flex: 1 }}>
              {t('moneta.mappingsApply.count', { count: changes.length })}
            </Typography>
            <Button
              variant="contained"
              onClick={() => void apply()}
              disabled={progress !== null}
              data-action="apply-mappings"
            >
              {t('moneta.mappingsApply.apply', { count: changes.length })}
            </Button>
          </Stack>
          {progress && (
            <LinearProgress
              variant="determinate"
              value={(100 * progress.written) / Math.max(1, progress.total)}
              aria-label={t('moneta.mappingsApply.applying')}
            />
          )}
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {changes.slice(0, SHOWN).map(({ before, after, fields }) => {
              const spec = specOfKlass(after.klass);
              return (
                <Card variant="outlined" component="li" key={after._id} data-change={after._id}>
                  <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                    <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {spec ? (
                        <Link component={RouterLink} to={`/account/${env.accountId}/${spec.resource}/${after._id}`}>
                          {shownValue(before.description) || after._id}
                        </Link>
                      ) : (
                        shownValue(before.description)
                      )}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' · '}
                        {spec ? t(`records.${spec.resource}.one`) : String(after.klass)}
                        {typeof after.date === 'string' && ` · ${formatDate(after.date)}`}
                      </Typography>
                    </Typography>
                    {fields.map((field) => (
                      <Typography variant="body2" key={field} data-field={field} sx={{ overflowWrap: 'anywhere' }}>
                        {label(after.klass, field)}:{' '}
                        <Box component="del" sx={{ color: 'text.secondary' }}>
                          {shownValue(before[field]) || t('moneta.mappingsApply.empty')}
                        </Box>{' '}
                        →{' '}
                        <Box component="ins" data-after sx={{ textDecoration: 'none', fontWeight: 500 }}>
                          {shownValue(after[field]) || t('moneta.mappingsApply.empty')}
                        </Box>
                      </Typography>
                    ))}
                  </CardContent>
                </Card>
              );
            })}
          </Stack>
          {changes.length > SHOWN && (
            <Typography color="text.secondary">
              {t('moneta.mappingsApply.more', { count: changes.length - SHOWN })}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
