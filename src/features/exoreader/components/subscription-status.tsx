// A subscription's page: its items on this device (counted change by change, offline too) and,
// online, the server's fetches: when it last fetched, what went wrong, when it fetches next.
import { Alert, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { type FetchStatus, fetchStatuses, itemCounts } from '../api/subscriptions.ts';

export function SubscriptionStatus({ subscription, env }: { subscription: PouchDoc; env: ResourceEnv }) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => itemCounts(env.accountId, subscription._id), [env.accountId, subscription._id]);
  const { value: counts } = useReplicaQuery(env.accountId, load);
  const [status, setStatus] = useState<FetchStatus | null | 'offline'>(null);
  useEffect(() => {
    let live = true;
    fetchStatuses(env.accountId).then(
      (all) => live && setStatus(all.find((s) => s.id === subscription._id) ?? null),
      () => live && setStatus('offline'),
    );
    return () => {
      live = false;
    };
  }, [env.accountId, subscription._id, subscription._rev]);
  const when = (at: string | null) =>
    at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)) : '—';

  return (
    <Card variant="outlined" component="section" aria-labelledby="subscription-status-title">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h2" id="subscription-status-title">
            {t('reader.status.title')}
          </Typography>
          <Typography data-testid="item-counts">
            {counts ? t('reader.status.items', { count: counts.all, unread: counts.unread }) : '…'}
          </Typography>
          {status === 'offline' ? (
            <Typography color="text.secondary">{t('reader.status.offline')}</Typography>
          ) : status === null ? (
            <Typography color="text.secondary">{t('reader.status.notYet')}</Typography>
          ) : (
            <>
              <Typography data-testid="last-fetch">
                {t('reader.status.lastFetch', { at: when(status.last_fetch_at) })}
              </Typography>
              <Typography>{t('reader.status.nextFetch', { at: when(status.next_at) })}</Typography>
              {status.last_error && (
                <Alert severity="warning" data-testid="last-error">
                  {t('reader.status.lastError', {
                    error: t(`reader.errors.${status.last_error_code ?? 'internal'}`, {
                      defaultValue: status.last_error,
                    }),
                  })}
                  {status.duplicate_of && (
                    <>
                      {' '}
                      <Link
                        component={RouterLink}
                        to={`/account/${env.accountId}/reader_subscriptions/${status.duplicate_of}`}
                        data-testid="duplicate-of"
                      >
                        {t('reader.status.duplicateOf')}
                      </Link>
                    </>
                  )}
                </Alert>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
