// The ticket module's server half: the counter that hands each device replica its ticket-number
// series, and the ticket counts' design documents (couch/group/).
import { ticketSummary } from '../../../domain/modules/ticket/summary.ts';
import type { ServerModule } from '../kit.ts';
import { ticketApiRoutes } from './routes.ts';

export const ticketServer: ServerModule = {
  kind: 'ticket',
  routes: ticketApiRoutes,
  summary: ticketSummary,
};
