import { useParams } from 'react-router';
import { ConfirmTokenPage } from '../../features/accounts/components/confirm-token-page.tsx';

export default function ConfirmTokenRoute() {
  const { token = '' } = useParams();
  // Keyed so that following another link on the same page starts over.
  return <ConfirmTokenPage key={token} token={token} />;
}
