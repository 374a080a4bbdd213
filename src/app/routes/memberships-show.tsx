import { MembershipDetailPage } from '../../features/memberships/components/membership-detail-page.tsx';
import { useGroupAccess } from '../use-group-access.ts';

export default function MembershipsShowRoute() {
  const { accountId, recordId, admin } = useGroupAccess();
  return <MembershipDetailPage key={recordId} accountId={accountId} membershipId={recordId} admin={admin} />;
}
