// The ticket module's screens as the app composes them (see FeatureModule): the board's way in from
// the list, the open-tickets badge, the priority bars, and the ticket series claimed while the group
// is open. Its parts of the record screens are record-parts.tsx.
import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FeatureModule } from '../../components/resource/module-parts.tsx';
import { OpenTicketsBadge } from './components/open-tickets-badge.tsx';
import { PriorityBarsCard } from './components/priority-bars-card.tsx';
import { useTicketSeries } from './use-ticket-series.ts';

function BoardLink({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={`/account/${accountId}/ticket-board`} startIcon={<ViewKanbanIcon />}>
      {t('board.open')}
    </Button>
  );
}

/** While a ticket group is open online, this device claims its series, so it numbers tickets offline later. */
function ClaimTicketSeries({ accountId }: { accountId: string }) {
  useTicketSeries(accountId);
  return null;
}

const ticketsModule: FeatureModule = {
  kind: 'ticket',
  parts: {
    tickets: { indexActions: (env) => <BoardLink accountId={env.accountId} /> },
  },
  NavbarItem: OpenTicketsBadge,
  DashboardCards: ({ accountId, refreshKey }) => (
    <PriorityBarsCard accountId={accountId} which="open" refreshKey={refreshKey} />
  ),
  AdminCards: ({ accountId }) => (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <PriorityBarsCard accountId={accountId} which="open" />
      <PriorityBarsCard accountId={accountId} which="all" />
    </Box>
  ),
  GroupEffect: ClaimTicketSeries,
};

export default ticketsModule;
