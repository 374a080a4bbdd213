// The disk (spec 001 §1 rdisk, and part of textnotes): files and folders of a group, their
// versions, and WebDAV. Its server half (src/server/modules/rdisk) keeps the contents; the screens
// (/disk) are not built yet, so it shows in no menu or tile.
import type { ModuleDescription } from '../kit.ts';
import { RDISK_RESOURCES } from './records.ts';

export const rdiskModule: ModuleDescription = {
  kind: 'rdisk',
  feature: 'rdisk',
  setting: 'rdisk',
  // Spec 000 §3: files are on in a new group.
  onByDefault: true,
  built: false,
  home: 'disk',
  records: RDISK_RESOURCES,
  pages: [],
  menu: [],
  others: [],
  // Its tile (spec 000: files) comes with the disk's screens.
  tiles: [],
  settings: [],
  indexes: [],
  views: [],
  counters: [],
};
