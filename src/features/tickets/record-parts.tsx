// The ticket module's parts of the record screens (see ModuleParts): numbering, the category's
// checklist and the equipment's customer around the form's save; the status, the checklist, the
// comments and the receipts on a ticket's page; an estimate's items and print page; an
// equipment's service history. Loaded with those screens, not with the dashboard or the lists.
import type { ModuleParts } from '../../components/resource/module-parts.tsx';
import { TicketChecklist } from './components/ticket-checklist.tsx';
import { TicketComments } from './components/ticket-comments.tsx';
import { TicketStatusActions } from './components/ticket-status-actions.tsx';
import { ServiceHistory } from './equipment/components/service-history.tsx';
import { EstimateActions } from './estimates/components/estimate-actions.tsx';
import { EstimateFormTotal } from './estimates/components/estimate-form-total.tsx';
import { EstimateItems } from './estimates/components/estimate-items.tsx';
import { ReceiptActions } from './receipts/components/receipt-actions.tsx';
import { prepareTicket, relateEquipmentToCustomer } from './save-ticket-hooks.ts';
import { estimateCurrency } from '../../domain/modules/ticket/estimates.ts';

const ticketRecordParts: ModuleParts = {
  tickets: {
    hooks: { prepare: prepareTicket, afterSave: relateEquipmentToCustomer },
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
};

export default ticketRecordParts;
