import { useParams } from 'react-router';
import { useSyncStore } from '../../data/sync-store.ts';
import { CheckoutPricePage } from '../../features/billing/components/checkout-price-page.tsx';
import { useCheckoutData } from '../../features/billing/use-checkout-data.ts';
import { useCurrentGroup } from '../../features/groups/group-store.ts';

export default function CheckoutPriceRoute() {
  const { accountId = '', priceId = '' } = useParams();
  const group = useCurrentGroup();
  const online = useSyncStore((s) => s.online);
  const data = useCheckoutData(accountId, online);
  return (
    <CheckoutPricePage
      key={`${accountId}/${priceId}`}
      accountId={accountId}
      priceId={priceId}
      groupName={group?.account.name ?? ''}
      admin={group?.account.admin ?? false}
      online={online}
      data={data}
    />
  );
}
