import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { Badge, IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type TicketBadgeColor, ticketBadge } from '../../../domain/modules/ticket/ticket-badge.ts';
import { useOpenTickets } from '../use-open-tickets.ts';

const COLORS: Record<TicketBadgeColor, { bg: string; fg: string }> = {
  grey: { bg: '#9e9e9e', fg: '#000' },
  amber: { bg: '#ffc107', fg: '#000' },
  orange: { bg: '#fb8c00', fg: '#000' },
  red: { bg: '#d32f2f', fg: '#fff' },
};

/** Open tickets of a ticket group, polled every 3 minutes (spec 000 §9) and recounted when the replica changes. */
export function OpenTicketsBadge({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const count = useOpenTickets(accountId, true);
  if (count === null) return null;
  const badge = ticketBadge(count);
  const label = t('nav.openTickets', { count: badge.count });
  const { bg, fg } = COLORS[badge.color];
  return (
    // A native title rather than MUI's Tooltip: Popper would weigh on every group page.
    <IconButton
      color="inherit"
      component={RouterLink}
      to={`/account/${accountId}/tickets`}
      aria-label={label}
      title={label}
      data-testid="open-tickets-badge"
      data-count={badge.count}
      data-color={badge.color}
    >
      <Badge
        badgeContent={badge.label}
        showZero
        data-color={badge.color}
        sx={{ '& .MuiBadge-badge': { bgcolor: bg, color: fg, fontWeight: 700 } }}
      >
        <ConfirmationNumberIcon />
      </Badge>
    </IconButton>
  );
}
