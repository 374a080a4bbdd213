// The reader's dashboard (spec 001 §2): a settings card with "mark as read on opening" (default
// on; a group setting, so administrators change it) and the newest unread items.
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { DashboardCardsProps } from '../../../components/resource/module-parts.tsx';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { MARK_READ_ON_OPENING, marksReadOnOpening, parseFeedFilter } from '../../../domain/modules/exoreader/feed.ts';
import { readFeedIds, readItems } from '../api/feed.ts';

const NEWEST = 5;

export function ReaderDashboard({ accountId, env, admin, saveSetting }: DashboardCardsProps) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const [saving, setSaving] = useState<boolean | null>(null);
  const on = saving ?? marksReadOnOpening(env.settings);
  const load = useCallback(async () => {
    const { ids, total } = await readFeedIds(accountId, parseFeedFilter(new URLSearchParams()));
    return { items: await readItems(accountId, ids.slice(0, NEWEST)), total };
  }, [accountId]);
  const { value: newest } = useReplicaQuery(accountId, load);

  const change = async (next: boolean) => {
    setSaving(next);
    setError(null);
    try {
      await saveSetting(MARK_READ_ON_OPENING, next ? 'enabled' : 'disabled');
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <Card variant="outlined" component="section" aria-labelledby="reader-settings-title">
        <CardHeader
          title={t('reader.settings.title')}
          slotProps={{ title: { variant: 'h6', component: 'h2', id: 'reader-settings-title' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <ErrorBox error={error} onClose={() => setError(null)} />
          <FormControlLabel
            control={
              <Checkbox
                checked={on}
                disabled={!admin || saving !== null}
                onChange={(e) => void change(e.target.checked)}
              />
            }
            label={t('reader.settings.markReadOnOpening')}
          />
          {!admin && <FormHelperText>{t('reader.settings.adminsOnly')}</FormHelperText>}
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="reader-newest-title">
        <CardHeader
          title={t('reader.newest', { count: newest?.total ?? 0 })}
          slotProps={{ title: { variant: 'h6', component: 'h2', id: 'reader-newest-title' } }}
          action={
            <Button component={RouterLink} to={`/account/${accountId}/reader_items`}>
              {t('reader.open')}
            </Button>
          }
        />
        <CardContent sx={{ pt: 0, minHeight: '8rem' }}>
          {newest && newest.items.length === 0 ? (
            <Typography color="text.secondary">{t('reader.empty')}</Typography>
          ) : (
            <List dense disablePadding>
              {(newest?.items ?? []).map((item) => (
                <ListItem key={item._id} disableGutters>
                  <Link component={RouterLink} to={`/account/${accountId}/reader_items/${item._id}`}>
                    {item.title || t('reader.untitled')}
                  </Link>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </>
  );
}
