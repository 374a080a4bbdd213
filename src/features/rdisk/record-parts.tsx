// The disk's parts of other modules' record screens: a record's photos and documents, kept as
// files of the disk in a folder per record (`Tickets/<number>`, `Customers/<name>`,
// `Equipment/<identifier>`), when the group has the disk on.
import type { ModuleParts, ResourceModule } from '../../components/resource/module-parts.tsx';
import type { ResourceEnv } from '../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { resourceEnabled } from '../../domain/modules/index.ts';
import { recordFolderName } from '../../domain/modules/rdisk/records.ts';
import { PrintPhotos } from './components/print-photos.tsx';
import { RecordPhotos } from './components/record-photos.tsx';

const diskOn = (env: ResourceEnv) =>
  resourceEnabled('cloud_files', { ...env.settings, kind: env.settings.kind ?? 'ticket' });

/** The photos card of a record kept in `<top>/<the record's folder name>`. */
function photosOf(top: string, folderName: (record: PouchDoc) => unknown): ResourceModule {
  const folder = (record: PouchDoc) => [top, recordFolderName(folderName(record), record._id)];
  return {
    showChildren: (record, env) => (diskOn(env) ? <RecordPhotos env={env} folder={folder(record)} /> : null),
    // Chosen photos on the printed page (the ticket's receipt; customers and equipment print none).
    printChildren: (record, env) => (diskOn(env) ? <PrintPhotos env={env} folder={folder(record)} /> : null),
  };
}

const rdiskRecordParts: ModuleParts = {
  tickets: photosOf('Tickets', (record) => record.number),
  customers: photosOf('Customers', (record) => record.name),
  equipment: photosOf('Equipment', (record) => record.identifier),
};

export default rdiskRecordParts;
