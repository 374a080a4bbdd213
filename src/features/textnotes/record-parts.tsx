// The wiki's parts of other records' pages: the notes that link to a customer, an equipment or a
// ticket (and to a handbook: its "linked by"), while the group has text notes on.
import type { ReactNode } from 'react';
import type { ModuleParts, ResourceModule } from '../../components/resource/module-parts.tsx';
import type { ResourceEnv } from '../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { resourceEnabled } from '../../domain/modules/index.ts';
import { LinkedNotes } from './components/linked-notes.tsx';

const linked: ResourceModule = {
  showChildren: (record: PouchDoc, env: ResourceEnv): ReactNode =>
    resourceEnabled('bookmarks', { ...env.settings, kind: env.settings.kind ?? 'ticket' }) ? (
      <LinkedNotes accountId={env.accountId} record={record} />
    ) : null,
};

const textnotesRecordParts: ModuleParts = { customers: linked, equipment: linked, tickets: linked, handbooks: linked };

export default textnotesRecordParts;
