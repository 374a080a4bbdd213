import { UsagePage } from '../../features/billing/components/usage-page.tsx';
import { useBillingFigures } from '../../features/billing/use-billing-figures.ts';
import { useCurrentGroup } from '../../features/groups/group-store.ts';

export default function UsageRoute() {
  const group = useCurrentGroup();
  const { days, error } = useBillingFigures(group?.accountId ?? '');
  return <UsagePage days={days} error={error} />;
}
