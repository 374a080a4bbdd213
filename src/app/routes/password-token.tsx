import { useParams } from 'react-router';
import { PasswordResetPage } from '../../features/accounts/components/password-reset-page.tsx';

export default function PasswordTokenRoute() {
  const { token = '' } = useParams();
  return <PasswordResetPage key={token} token={token} />;
}
