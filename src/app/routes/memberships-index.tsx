import { MembershipsPage } from '../../features/memberships/components/memberships-page.tsx';
import { useGroupAccess } from '../use-group-access.ts';

export default function MembershipsIndexRoute() {
  const { accountId, admin, confirmed, plan } = useGroupAccess();
  return <MembershipsPage accountId={accountId} admin={admin} confirmed={confirmed} plan={plan} />;
}
