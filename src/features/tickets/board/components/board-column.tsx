import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import type { TicketStatus } from '../../../../domain/modules/ticket/tickets.ts';
import { visuallyHidden } from '../../../../components/visually-hidden.ts';
import { COLUMN_PAGE } from '../api/list-board.ts';
import { type CardInfo, DRAG_TYPE, TicketCard } from './ticket-card.tsx';

/** The ticket being dragged, known to every column so each can say whether it takes it. */
export interface Dragging {
  id: string;
  from: unknown;
}

interface BoardColumnProps {
  accountId: string;
  status: TicketStatus;
  /** null while loading. */
  tickets: PouchDoc[] | null;
  /** null while counting. */
  count: number | null;
  info: (ticket: PouchDoc) => CardInfo;
  saving: ReadonlySet<string>;
  dragging: Dragging | null;
  /** Whether the dragged ticket may come here; a refused drop is still taken, to say why. */
  accepts: (dragging: Dragging) => boolean;
  onMove: (ticketId: string, to: TicketStatus) => void;
  onDragStart: (ticket: PouchDoc) => void;
  onDragEnd: () => void;
  /** Asks for the column's next cards (COLUMN_PAGE more). */
  onShowMore: () => void;
  /** True while cards asked for are being read. */
  readingMore: boolean;
}

/** One status: its name and count, then its cards, newest change first; a drop target while dragging. */
export function BoardColumn(props: BoardColumnProps) {
  const { accountId, status, tickets, count, info, saving, dragging, accepts, onMove, onDragStart, onDragEnd } = props;
  const { onShowMore, readingMore } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const [over, setOver] = useState(false);
  const name = t(`records.tickets.options.status.${status}`);
  const target = dragging !== null && dragging.from !== status;
  const welcome = target && accepts(dragging);

  const dragOver = (event: DragEvent<HTMLElement>) => {
    const fromHere = dragging !== null && dragging.from === status;
    if (fromHere || (!dragging && !event.dataTransfer.types.includes(DRAG_TYPE))) return;
    event.preventDefault();
    // 'none' would cancel the drop, and a refused one is still taken, to say why.
    event.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    const id = event.dataTransfer.getData(DRAG_TYPE) || dragging?.id;
    if (id) onMove(id, status);
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-status={status}
      data-count={tickets === null || count === null ? undefined : count}
      data-empty={tickets !== null && tickets.length === 0 ? '' : undefined}
      onDragOver={dragOver}
      onDragLeave={(event: DragEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
      sx={{
        // On a phone an empty status takes a narrow column, so a swipe reaches the next tickets
        // instead of a screen of nothing; it still takes a dropped or moved ticket.
        flex:
          tickets !== null && tickets.length === 0
            ? { xs: '0 0 136px', md: '1 1 0' }
            : { xs: '0 0 82%', sm: '0 0 280px', md: '1 1 0' },
        minWidth: { md: 168 },
        boxSizing: 'border-box',
        // Holds its screen-reader-only text, which would otherwise widen the page beyond the scroller.
        position: 'relative',
        scrollSnapAlign: 'start',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 2,
        bgcolor: 'action.hover',
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? (welcome ? 'primary.main' : 'error.main') : target ? 'divider' : 'transparent',
        transition: 'border-color 120ms',
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1.5, pt: 1.25, pb: 1 }}
      >
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
        {tickets !== null && count === null && <Skeleton variant="rounded" width={28} height={22} />}
        {tickets !== null && count !== null && (
          <Box
            component="span"
            sx={{
              minWidth: 28,
              px: 1,
              borderRadius: 3,
              textAlign: 'center',
              typography: 'body2',
              fontWeight: 700,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
            }}
          >
            {count}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              {t('board.ticketCount', { count })}
            </Box>
          </Box>
        )}
      </Stack>
      {tickets === null ? (
        <Stack spacing={1} sx={{ px: 1, pb: 1 }}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : (
        <>
          <Box
            component="ul"
            aria-labelledby={headingId}
            sx={{ listStyle: 'none', m: 0, px: 1, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {tickets.map((ticket) => (
              <li key={ticket._id}>
                <TicketCard
                  accountId={accountId}
                  ticket={ticket}
                  info={info(ticket)}
                  saving={saving.has(ticket._id)}
                  onMove={(moved, to) => onMove(moved._id, to)}
                  onDragStart={onDragStart}
                  onDragEnd={onDragEnd}
                />
              </li>
            ))}
          </Box>
          {tickets.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 2 }}>
              {t('board.emptyColumn')}
            </Typography>
          )}
          {count !== null && count > tickets.length && (
            <Stack sx={{ px: 1, pb: 1, alignItems: 'stretch' }}>
              <Button
                size="small"
                onClick={onShowMore}
                disabled={readingMore}
                aria-describedby={headingId}
                data-testid="board-show-more"
              >
                {t('board.showMore', { count: Math.min(COLUMN_PAGE, count - tickets.length) })}
              </Button>
              <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                {t('board.more', { count: count - tickets.length })}
              </Typography>
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
