// Below the last page of read items: the older ones, which retention took off this device and the
// server keeps (online only), ten at a time. They read like the others, without marks.
import HistoryIcon from '@mui/icons-material/History';
import { Button, Card, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import { FEED_PAGE_SIZE } from '../../../domain/modules/exoreader/feed.ts';
import type { ReaderItem } from '../api/feed.ts';
import { archivedItems } from '../api/subscriptions.ts';
import { ItemBody } from './item-body.tsx';

interface Props {
  accountId: string;
  subscription: string | null;
  /** The last item shown above: older ones come from the archive. */
  before: string | null;
  sourceName: (subscriptionId: string) => string;
}

export function ArchivedItems({ accountId, subscription, before, sourceName }: Props) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<ReaderItem[] | null>(null);
  const [more, setMore] = useState(true);
  const [open, setOpen] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useErrorState();
  const load = async () => {
    setPending(true);
    setError(null);
    try {
      const page = await archivedItems(accountId, { subscription, before: items?.at(-1)?.point_at ?? before });
      setItems((known) => [...(known ?? []), ...page]);
      setMore(page.length === FEED_PAGE_SIZE);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  const date = (at: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

  return (
    <Stack spacing={1} component="section" aria-label={t('reader.archive.title')} data-testid="archive">
      {items !== null && (
        <Typography variant="subtitle1" component="h2">
          {t('reader.archive.title')}
        </Typography>
      )}
      {items?.map((item) => (
        <Card key={item._id} variant="outlined" data-archived={item._id} sx={{ p: 1.5 }}>
          <Button
            onClick={() => setOpen(open === item._id ? null : item._id)}
            aria-expanded={open === item._id}
            sx={{ textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start', color: 'text.primary', p: 0 }}
          >
            <span>
              <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {item.title || t('reader.untitled')}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {sourceName(item.subscription_id)} · {date(item.point_at)}
              </Typography>
            </span>
          </Button>
          {open === item._id && (
            <Stack spacing={1} sx={{ mt: 1 }}>
              <ItemBody item={item} />
              {item.url && (
                <Button href={item.url} target="_blank" rel="noopener noreferrer" sx={{ alignSelf: 'flex-start' }}>
                  {t('reader.original')}
                </Button>
              )}
            </Stack>
          )}
        </Card>
      ))}
      {items !== null && items.length === 0 && (
        <Typography color="text.secondary">{t('reader.archive.none')}</Typography>
      )}
      <ErrorBox error={error} onClose={() => setError(null)} />
      {more && (
        <Button
          startIcon={<HistoryIcon />}
          onClick={() => void load()}
          disabled={pending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {items === null ? t('reader.archive.show') : t('reader.archive.more')}
        </Button>
      )}
    </Stack>
  );
}
