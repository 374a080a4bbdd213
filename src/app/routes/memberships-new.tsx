import { ErrorPage } from '../../components/error-page';
import { NewMembershipPage } from '../../features/memberships/components/membership-form-page';
import { useGroupAccess } from '../use-group-access';

export default function MembershipsNewRoute() {
  const { accountId, admin, confirmed } = useGroupAccess();
  if (!admin) return <ErrorPage code="forbidden" />;
  return <NewMembershipPage accountId={accountId} confirmed={confirmed} />;
}
