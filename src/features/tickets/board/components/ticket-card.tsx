import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EngineeringIcon from '@mui/icons-material/Engineering';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Button, Card, Link, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PRIORITY_COLORS, ticketPriority } from '../../priority-colors.ts';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import { allowedStatuses, isTicketStatus, type TicketStatus } from '../../../../domain/modules/ticket/tickets.ts';
import { visuallyHidden } from '../../../../components/visually-hidden.ts';
import { TOUCH, TOUCH_SIZE } from '../../../../components/touch-target.ts';

/** What the board knows about one card beyond the ticket itself. */
export interface CardInfo {
  /** "#12 Broken screen": how the card is named for screen readers and menus. */
  name: string;
  customer: string;
  technician: string;
}

interface TicketCardProps {
  accountId: string;
  ticket: PouchDoc;
  info: CardInfo;
  /** True while its move is being saved. */
  saving: boolean;
  onMove: (ticket: PouchDoc, to: TicketStatus) => void;
  onDragStart: (ticket: PouchDoc) => void;
  onDragEnd: () => void;
}

/** Where a drag carries the ticket's id, besides the board's own state (a drop from another tab). */
export const DRAG_TYPE = 'application/x-moneta-ticket';

/** One ticket on the board: number, title, priority, customer; dragged, or moved with its menu. */
export function TicketCard({ accountId, ticket, info, saving, onMove, onDragStart, onDragEnd }: TicketCardProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const priority = ticketPriority(ticket.priority);
  const status = isTicketStatus(ticket.status) ? ticket.status : null;
  const targets = status ? allowedStatuses(status) : [];
  const title = typeof ticket.title === 'string' && ticket.title ? ticket.title : t('board.untitled');
  const number = ticket.number === undefined || ticket.number === null ? '' : `#${String(ticket.number)}`;

  const startDrag = (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData(DRAG_TYPE, ticket._id);
    event.dataTransfer.setData('text/plain', ticket._id);
    onDragStart(ticket);
  };

  return (
    <Card
      component="article"
      variant="outlined"
      draggable={!saving}
      onDragStart={startDrag}
      onDragEnd={onDragEnd}
      aria-label={info.name}
      aria-busy={saving}
      data-ticket={ticket._id}
      data-priority={priority}
      sx={{
        position: 'relative',
        p: 1.5,
        borderLeft: 4,
        borderLeftColor: PRIORITY_COLORS[priority],
        cursor: saving ? 'progress' : 'grab',
        opacity: saving ? 0.6 : 1,
        '&:active': { cursor: 'grabbing' },
        '&:focus-within': { boxShadow: (theme) => `0 0 0 2px ${(theme.vars ?? theme).palette.primary.main}` },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
          {number}
        </Typography>
        <Box
          component="span"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, typography: 'caption', fontWeight: 600 }}
        >
          <Box
            component="span"
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: PRIORITY_COLORS[priority] }}
          />
          {t(`records.tickets.options.priority.${priority}`)}
        </Box>
      </Stack>
      <Link
        component={RouterLink}
        to={`/account/${accountId}/tickets/${ticket._id}`}
        draggable={false}
        underline="hover"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
          fontWeight: 500,
        }}
      >
        {title}
      </Link>
      {info.customer && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary' }}>
          <PersonIcon sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="body2" noWrap title={info.customer}>
            <Box component="span" sx={visuallyHidden}>
              {t('records.tickets.fields.customer_id')}:{' '}
            </Box>
            {info.customer}
          </Typography>
        </Stack>
      )}
      {info.technician && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <EngineeringIcon sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="body2" noWrap title={info.technician}>
            <Box component="span" sx={visuallyHidden}>
              {t('records.tickets.fields.technical_id')}:{' '}
            </Box>
            {info.technician}
          </Typography>
        </Stack>
      )}
      {targets.length > 0 && (
        <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            size="small"
            startIcon={<DriveFileMoveIcon />}
            aria-haspopup="menu"
            aria-expanded={Boolean(anchor)}
            aria-label={t('board.moveNamed', { name: info.name })}
            disabled={saving}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ textTransform: 'none', minHeight: 32, [TOUCH]: { minHeight: TOUCH_SIZE } }}
          >
            {t('board.moveTo')}
          </Button>
          {/* Made when opened: a closed menu on each of a board's cards still cost its popover's work. */}
          {anchor && (
            <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
              {targets.map((to) => (
                <MenuItem
                  key={to}
                  onClick={() => {
                    setAnchor(null);
                    onMove(ticket, to);
                  }}
                >
                  {t(`records.tickets.options.status.${to}`)}
                </MenuItem>
              ))}
            </Menu>
          )}
        </Box>
      )}
    </Card>
  );
}
