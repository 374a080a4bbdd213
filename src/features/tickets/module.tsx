// The ticket module's screens as the app composes them (see FeatureModule): numbering, the
// category's checklist and the equipment's customer around the form's save; the status, the
// checklist, the comments and the receipts on a ticket's page; the board's way in from the list;
// an estimate's items and print page; an equipment's service history; the open-tickets badge, the
// priority bars, and the ticket series claimed while the group is open.
import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FeatureModule } from '../../components/resource/module-parts.tsx';
import { OpenTicketsBadge } from './components/open-tickets-badge.tsx';
import { PriorityBarsCard } from './components/priority-bars-card.tsx';
import { TicketChecklist } from './components/ticket-checklist.tsx';
import { TicketComments } from './components/ticket-comments.tsx';
import { TicketStatusActions } from './components/ticket-status-actions.tsx';
import { ServiceHistory } from './equipment/components/service-history.tsx';
import { EstimateActions } from './estimates/components/estimate-actions.tsx';
import { EstimateFormTotal } from './estimates/components/estimate-form-total.tsx';
import { EstimateItems } from './estimates/components/estimate-items.tsx';
import { ReceiptActions } from './receipts/components/receipt-actions.tsx';
import { prepareTicket, relateEquipmentToCustomer } from './save-ticket-hooks.ts';
import { useTicketSeries } from './use-ticket-series.ts';
import { estimateCurrency } from '../../domain/modules/ticket/estimates.ts';

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
    tickets: {
      hooks: { prepare: prepareTicket, afterSave: relateEquipmentToCustomer },
      indexActions: (env) => <BoardLink accountId={env.accountId} />,
      showActions: (record, env) => (
        <>
          <TicketStatusActions ticket={record} env={env} />
          <ReceiptActions ticket={record} env={env} />
        </>
      ),
      showChildren: (record, env) => (
        <>
          <TicketChecklist ticket={record} env={env} />
          <TicketComments ticket={record} env={env} />
        </>
      ),
      // The relate flag is a one-off instruction to the save, not something to read back later.
      showHides: ['checklist', 'relate_equipment_to_customer'],
      hideRelated: ['comments'],
    },
    estimates: {
      showActions: (record, env) => <EstimateActions estimate={record} env={env} />,
      showChildren: (record, env) => (
        <EstimateItems estimate={record} currency={estimateCurrency(record, env.settings)} />
      ),
      showHides: ['items'],
      formChildren: (draft, _set, env) => (
        <EstimateFormTotal items={draft.items} currency={estimateCurrency(draft, env.settings)} />
      ),
    },
    equipment: {
      showChildren: (record, env) => <ServiceHistory equipment={record} env={env} />,
      // The history lists them with their status, warranty and next date.
      hideRelated: ['tickets', 'maintenances'],
    },
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
