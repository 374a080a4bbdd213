// What is special to tickets on the generic screens: numbering, the category's checklist and the
// equipment's customer around the form's save; the status change, the checklist and the comments
// on the ticket's page (comments keep their generic show screen).
import { TicketChecklist } from '../../features/tickets/components/ticket-checklist';
import { TicketComments } from '../../features/tickets/components/ticket-comments';
import { TicketStatusActions } from '../../features/tickets/components/ticket-status-actions';
import { prepareTicket, relateEquipmentToCustomer } from '../../features/tickets/save-ticket-hooks';
import type { ModuleParts } from '../resource-modules';

export const TICKET_PARTS: ModuleParts = {
  tickets: {
    hooks: { prepare: prepareTicket, afterSave: relateEquipmentToCustomer },
    showActions: (record, env) => <TicketStatusActions ticket={record} env={env} />,
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
};
