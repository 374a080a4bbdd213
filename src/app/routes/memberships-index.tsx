import { MembershipsPage } from '../../features/memberships/components/memberships-page';
import { useGroupAccess } from '../use-group-access';

export default function MembershipsIndexRoute() {
  const { accountId, admin, confirmed } = useGroupAccess();
  return <MembershipsPage accountId={accountId} admin={admin} confirmed={confirmed} />;
}
