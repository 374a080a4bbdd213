import { ErrorPage } from '../../components/error-page.tsx';
import { NewMembershipPage } from '../../features/memberships/components/membership-form-page.tsx';
import { useGroupAccess } from '../use-group-access.ts';

export default function MembershipsNewRoute() {
  const { accountId, admin, confirmed, plan } = useGroupAccess();
  if (!admin) return <ErrorPage code="forbidden" />;
  return <NewMembershipPage accountId={accountId} confirmed={confirmed} plan={plan} />;
}
