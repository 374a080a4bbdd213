import { ErrorPage } from '../../../components/error-page.tsx';
import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { isReceiptKind } from '../../../domain/modules/ticket/receipts.ts';
import { TicketReceiptPage } from '../receipts/components/ticket-receipt-page.tsx';

/** A ticket's service or contract receipt. */
export default function TicketsReceiptPage({ env, recordId, params, parts }: ModulePageProps) {
  const { kind } = params;
  if (!isReceiptKind(kind)) return <ErrorPage code="not_found" />;
  return <TicketReceiptPage key={`${recordId}/${kind}`} env={env} ticketId={recordId} kind={kind} parts={parts} />;
}
