// The disk's parts of other modules' record screens: a record's photos and documents, kept as
// files of the disk in a folder per record (`Tickets/<number>`, `Customers/<name>`,
// `Equipment/<identifier>`), when the group has the disk on.
import type { ModuleParts, ResourceModule } from '../../components/resource/module-parts.tsx';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { resourceEnabled } from '../../domain/modules/index.ts';
import { recordFolderName } from '../../domain/modules/rdisk/records.ts';
import { RecordPhotos } from './components/record-photos.tsx';

/** The photos card of a record kept in `<top>/<the record's folder name>`. */
function photosOf(top: string, folderName: (record: PouchDoc) => unknown): ResourceModule {
  return {
    showChildren: (record, env) =>
      resourceEnabled('cloud_files', { ...env.settings, kind: env.settings.kind ?? 'ticket' }) ? (
        <RecordPhotos env={env} folder={[top, recordFolderName(folderName(record), record._id)]} />
      ) : null,
  };
}

const rdiskRecordParts: ModuleParts = {
  tickets: photosOf('Tickets', (record) => record.number),
  customers: photosOf('Customers', (record) => record.name),
  equipment: photosOf('Equipment', (record) => record.identifier),
};

export default rdiskRecordParts;
