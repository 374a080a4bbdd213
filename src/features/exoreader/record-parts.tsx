// The feed reader's parts of the record screens (see ModuleParts): a subscription's title until its
// feed names it, its status and a way to read it; a label's; an item's state and body. Loaded with
// those screens, not with the dashboard or the lists.
import type { ModuleParts } from '../../components/resource/module-parts.tsx';
import { ReadLink } from './components/read-link.tsx';
import { SubscriptionStatus } from './components/subscription-status.tsx';
import { ItemBody } from './components/item-body.tsx';
import { ItemState } from './components/item-state.tsx';
import type { ReaderItem } from './api/feed.ts';
import { subscriptionHooks } from './save-hooks.ts';

const exoreaderRecordParts: ModuleParts = {
  reader_subscriptions: {
    hooks: subscriptionHooks,
    showActions: (record, env) => <ReadLink accountId={env.accountId} scope="subscription" id={record._id} />,
    showChildren: (record, env) => <SubscriptionStatus subscription={record} env={env} />,
    // Thousands of items: the reader lists them (the link above), not a related list here.
    hideRelated: ['reader_items'],
  },
  reader_labels: {
    showActions: (record, env) => <ReadLink accountId={env.accountId} scope="label" id={record._id} />,
  },
  reader_items: {
    showActions: (record, env) => <ItemState item={record as ReaderItem} env={env} />,
    showChildren: (record) => <ItemBody item={record as ReaderItem} />,
    showHides: ['content', 'summary', 'content_type', 'enclosures', 'read', 'starred', 'highlight', 'expand_content'],
  },
};

export default exoreaderRecordParts;
