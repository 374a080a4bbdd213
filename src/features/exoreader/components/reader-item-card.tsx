// One feed item in the reader: its title opens and closes it; star and read buttons beside it.
// Closing scrolls it back into view and flashes it (spec 001 §9: 500 ms on and off, 1500 ms).
import MarkReadIcon from '@mui/icons-material/DraftsOutlined';
import MarkUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Button, ButtonBase, Card, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HIGHLIGHT_STEP_MS, HIGHLIGHT_TOTAL_MS } from '../../../domain/modules/exoreader/feed.ts';
import type { ItemAction } from '../../../domain/modules/exoreader/feed.ts';
import type { ReaderItem } from '../api/feed.ts';
import { ItemBody } from './item-body.tsx';

export interface ReaderItemHandle {
  focus: () => void;
}

interface Props {
  item: ReaderItem;
  source: string;
  open: boolean;
  selected: boolean;
  onToggle: () => void;
  onAction: (action: ItemAction) => void;
  onSelect: () => void;
}

function useFlash(): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const flash = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    for (let at = 0; at < HIGHLIGHT_TOTAL_MS; at += HIGHLIGHT_STEP_MS) {
      const step = at / HIGHLIGHT_STEP_MS;
      timers.current.push(window.setTimeout(() => setOn(step % 2 === 0), at));
    }
    timers.current.push(window.setTimeout(() => setOn(false), HIGHLIGHT_TOTAL_MS));
  };
  return [on, flash];
}

export const ReaderItemCard = forwardRef<ReaderItemHandle, Props>(function ReaderItemCard(
  { item, source, open, selected, onToggle, onAction, onSelect },
  ref,
) {
  const { t, i18n } = useTranslation();
  const card = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLButtonElement>(null);
  const [flashing, flash] = useFlash();
  const wasOpen = useRef(open);
  useImperativeHandle(ref, () => ({ focus: () => title.current?.focus() }), []);
  useEffect(() => {
    if (wasOpen.current && !open) {
      card.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      flash();
    }
    wasOpen.current = open;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the change of `open` matters
  }, [open]);
  const read = item.read === true;
  const starred = item.starred === true;
  const when = new Date(item.point_at);
  const name = item.title || t('reader.untitled');
  const bodyId = `body-${item._id}`;

  return (
    <Card
      ref={card}
      variant="outlined"
      data-item={item._id}
      data-read={read}
      data-starred={starred}
      onFocusCapture={onSelect}
      sx={{
        borderColor: selected ? 'primary.main' : undefined,
        bgcolor: flashing ? 'action.selected' : undefined,
        transition: 'background-color 120ms',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <Tooltip title={starred ? t('reader.unstar') : t('reader.star')}>
          <IconButton
            onClick={() => onAction(starred ? 'unstar' : 'star')}
            aria-pressed={starred}
            aria-label={t('reader.starNamed', { name })}
            sx={{ m: 0.5, width: 44, height: 44, color: starred ? 'warning.main' : undefined }}
          >
            {starred ? <StarIcon /> : <StarBorderIcon />}
          </IconButton>
        </Tooltip>
        <ButtonBase
          ref={title}
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', py: 1, pr: 1, minHeight: 48 }}
        >
          <Box sx={{ minWidth: 0, width: '100%' }}>
            <Typography
              component="h2"
              variant="subtitle1"
              sx={{ fontWeight: read ? 400 : 700, overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            {/* A long feed name is cut, never the date: on a phone the date is what tells items apart. */}
            <Typography variant="body2" color="text.secondary" component="div" sx={{ display: 'flex', minWidth: 0 }}>
              <Box
                component="span"
                title={source}
                sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {source}
              </Box>
              {!Number.isNaN(when.getTime()) && (
                <>
                  <Box component="span" aria-hidden sx={{ px: 0.5, flexShrink: 0 }}>
                    ·
                  </Box>
                  <Box component="time" dateTime={item.point_at} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                    {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(when)}
                  </Box>
                </>
              )}
            </Typography>
          </Box>
        </ButtonBase>
        <Tooltip title={read ? t('reader.markUnread') : t('reader.markRead')}>
          <IconButton
            onClick={() => onAction(read ? 'unread' : 'read')}
            aria-pressed={read}
            aria-label={t('reader.readNamed', { name })}
            sx={{ m: 0.5, width: 44, height: 44 }}
          >
            {read ? <MarkUnreadIcon /> : <MarkReadIcon />}
          </IconButton>
        </Tooltip>
      </Stack>
      {open && (
        <Box id={bodyId} sx={{ px: 2, pb: 2 }}>
          <ItemBody item={item} />
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
            {item.url && (
              <Button
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<OpenInNewIcon />}
                variant="outlined"
              >
                {t('reader.original')}
              </Button>
            )}
            <Button onClick={onToggle}>{t('reader.close')}</Button>
          </Stack>
        </Box>
      )}
    </Card>
  );
});
