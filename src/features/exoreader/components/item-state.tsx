import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Button, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { ItemAction } from '../../../domain/modules/exoreader/feed.ts';
import { marksReadOnOpening } from '../../../domain/modules/exoreader/feed.ts';
import { changeItem, type ReaderItem } from '../api/feed.ts';

/** An item's page (reader_items#show): star, read or unread; opening it marks it read when the group says so. */
export function ItemState({ item, env }: { item: ReaderItem; env: ResourceEnv }) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const act = (action: ItemAction) => void changeItem(env, item, action).catch(setError);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (!item.read && marksReadOnOpening(env.settings)) void changeItem(env, item, 'read').catch(setError);
  }, [env, item, setError]);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <ErrorBox error={error} onClose={() => setError(null)} />
      <Button
        startIcon={item.starred ? <StarIcon /> : <StarBorderIcon />}
        aria-pressed={item.starred === true}
        onClick={() => act(item.starred ? 'unstar' : 'star')}
      >
        {item.starred ? t('reader.unstar') : t('reader.star')}
      </Button>
      <Button aria-pressed={item.read === true} onClick={() => act(item.read ? 'unread' : 'read')}>
        {item.read ? t('reader.markUnread') : t('reader.markRead')}
      </Button>
    </Stack>
  );
}
