// The feed reader's screens as the app composes them (see FeatureModule): the reader itself is its
// page (pages/reader_items-index.tsx); here are its dashboard and the subscriptions' OPML import and
// export. Its parts of the record screens are record-parts.tsx.
import type { FeatureModule } from '../../components/resource/module-parts.tsx';
import { OpmlActions } from './components/opml-actions.tsx';
import { ReaderDashboard } from './components/reader-dashboard.tsx';

const exoreaderModule: FeatureModule = {
  kind: 'exoreader',
  parts: {
    reader_subscriptions: { indexActions: (env) => <OpmlActions env={env} /> },
  },
  DashboardCards: ReaderDashboard,
};

export default exoreaderModule;
