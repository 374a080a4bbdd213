import { BillingPage } from '../../features/billing/components/billing-page.tsx';
import { useBillingFigures } from '../../features/billing/use-billing-figures.ts';
import { AccountProfileCard } from '../../features/groups/components/account-profile-card.tsx';
import { useCurrentGroup } from '../../features/groups/group-store.ts';

export default function BillingRoute() {
  const group = useCurrentGroup();
  const figures = useBillingFigures(group?.accountId ?? '');
  if (!group) return null;
  const { accountId, account, settings } = group;
  return (
    <BillingPage
      accountId={accountId}
      settings={settings}
      admin={account.admin}
      figures={figures}
      // Read-only here (spec 000 "Billing"): it is edited on the admin dashboard.
      profile={
        <AccountProfileCard
          accountId={accountId}
          name={account.name ?? ''}
          billingEmail={settings['billing-email'] ?? ''}
          currency={settings.currency ?? 'USD'}
          admin={false}
          onSaved={async () => undefined}
        />
      }
    />
  );
}
