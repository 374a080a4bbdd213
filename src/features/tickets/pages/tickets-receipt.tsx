import { ErrorPage } from '../../../components/error-page';
import type { ModulePageProps } from '../../../components/resource/module-parts';
import { isReceiptKind } from '../../../domain/modules/ticket/receipts';
import { TicketReceiptPage } from '../receipts/components/ticket-receipt-page';

/** A ticket's service or contract receipt. */
export default function TicketsReceiptPage({ env, recordId, params }: ModulePageProps) {
  const { kind } = params;
  if (!isReceiptKind(kind)) return <ErrorPage code="not_found" />;
  return <TicketReceiptPage key={`${recordId}/${kind}`} env={env} ticketId={recordId} kind={kind} />;
}
