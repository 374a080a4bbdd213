import { ErrorPage } from '../../components/error-page';
import { EditMembershipPage } from '../../features/memberships/components/membership-form-page';
import { useGroupAccess } from '../use-group-access';

export default function MembershipsEditRoute() {
  const { accountId, recordId, admin } = useGroupAccess();
  if (!admin) return <ErrorPage code="forbidden" />;
  return <EditMembershipPage key={recordId} accountId={accountId} membershipId={recordId} />;
}
