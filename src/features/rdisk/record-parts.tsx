// The disk's parts of other modules' record screens: a ticket's photos and documents, kept as
// files of the disk in a folder per ticket (`Tickets/<number>`), when the group has the disk on.
import type { ModuleParts } from '../../components/resource/module-parts.tsx';
import { resourceEnabled } from '../../domain/modules/index.ts';
import { RecordPhotos } from './components/record-photos.tsx';

const rdiskRecordParts: ModuleParts = {
  tickets: {
    showChildren: (record, env) =>
      resourceEnabled('cloud_files', { ...env.settings, kind: env.settings.kind ?? 'ticket' }) ? (
        <RecordPhotos env={env} folder={['Tickets', String(record.number || record._id)]} />
      ) : null,
  },
};

export default rdiskRecordParts;
