import { useParams } from 'react-router';
import { ErrorPage } from '../../components/error-page';
import { isReceiptKind } from '../../domain/receipts';
import { TicketReceiptPage } from '../../features/receipts/components/ticket-receipt-page';
import { useResourceRoute } from '../use-resource-env';

export default function TicketReceiptRoute() {
  const { env, recordId } = useResourceRoute();
  const { kind } = useParams();
  if (!isReceiptKind(kind)) return <ErrorPage code="not_found" />;
  return <TicketReceiptPage key={`${recordId}/${kind}`} env={env} ticketId={recordId} kind={kind} />;
}
