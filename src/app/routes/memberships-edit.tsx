import { ErrorPage } from '../../components/error-page.tsx';
import { EditMembershipPage } from '../../features/memberships/components/membership-form-page.tsx';
import { useGroupAccess } from '../use-group-access.ts';

export default function MembershipsEditRoute() {
  const { accountId, recordId, admin, plan } = useGroupAccess();
  if (!admin) return <ErrorPage code="forbidden" />;
  return <EditMembershipPage key={recordId} accountId={accountId} membershipId={recordId} plan={plan} />;
}
