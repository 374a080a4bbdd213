import { MembershipDetailPage } from '../../features/memberships/components/membership-detail-page';
import { useGroupAccess } from '../use-group-access';

export default function MembershipsShowRoute() {
  const { accountId, recordId, admin } = useGroupAccess();
  return <MembershipDetailPage key={recordId} accountId={accountId} membershipId={recordId} admin={admin} />;
}
