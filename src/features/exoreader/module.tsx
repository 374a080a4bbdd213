// The feed reader's screens as the app composes them (see FeatureModule): the reader itself is its
// page (pages/reader_items-index.tsx); here are its dashboard, an item's page and a subscription's
// title until its feed names it.
import type { FeatureModule } from '../../components/resource/module-parts.tsx';
import { OpmlActions } from './components/opml-actions.tsx';
import { ReadLink } from './components/read-link.tsx';
import { SubscriptionStatus } from './components/subscription-status.tsx';
import { ItemBody } from './components/item-body.tsx';
import { ReaderDashboard } from './components/reader-dashboard.tsx';
import { ItemState } from './components/item-state.tsx';
import type { ReaderItem } from './api/feed.ts';
import { subscriptionHooks } from './save-hooks.ts';

const exoreaderModule: FeatureModule = {
  kind: 'exoreader',
  parts: {
    reader_subscriptions: {
      hooks: subscriptionHooks,
      showActions: (record, env) => <ReadLink accountId={env.accountId} scope="subscription" id={record._id} />,
      showChildren: (record, env) => <SubscriptionStatus subscription={record} env={env} />,
      // Thousands of items: the reader lists them (the link above), not a related list here.
      hideRelated: ['reader_items'],
      indexActions: (env) => <OpmlActions env={env} />,
    },
    reader_labels: {
      showActions: (record, env) => <ReadLink accountId={env.accountId} scope="label" id={record._id} />,
    },
    reader_items: {
      showActions: (record, env) => <ItemState item={record as ReaderItem} env={env} />,
      showChildren: (record) => <ItemBody item={record as ReaderItem} />,
      showHides: ['content', 'summary', 'content_type', 'read', 'starred', 'highlight', 'expand_content'],
    },
  },
  DashboardCards: ReaderDashboard,
};

export default exoreaderModule;
