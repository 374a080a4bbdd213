// The disk (spec 001 §1 rdisk, and part of textnotes): files and folders of a group, their
// versions, and WebDAV. Its server half (src/server/modules/rdisk) keeps the contents; its screens
// (src/features/rdisk) browse the tree from the group's replica, offline too.
import type { ModuleDescription } from '../kit.ts';
import { RDISK_RESOURCES } from './records.ts';

const FILES_TILE = { resource: 'disk', klass: 'CloudFile' } as const;

export const rdiskModule: ModuleDescription = {
  kind: 'rdisk',
  feature: 'rdisk',
  setting: 'rdisk',
  // Spec 000 §3: files are on in a new group.
  onByDefault: true,
  built: true,
  home: 'disk',
  records: RDISK_RESOURCES,
  // Spec 001 §2: /disk is the root, /disk/{dir_id} a folder; one page (disk#index) draws both.
  pages: [
    { name: 'disk#index', path: 'disk', title: 'records.cloud_files.title' },
    { name: 'disk#index', path: 'disk/:dirId', title: 'records.cloud_files.title' },
  ],
  menu: [{ key: 'disk', path: 'disk' }],
  others: [],
  // Spec 001 §2 others menu: "disk (when enabled and not in the disk or notes module)".
  // Spec 000 admin tiles: rdisk (files), and ticket's and textnotes' "files": the disk's tile in
  // the groups that have it on. The count is every file record, folders and bin included.
  elsewhere: { dashboard: false, others: [{ key: 'disk', path: 'disk' }], tiles: [FILES_TILE] },
  tiles: [FILES_TILE],
  settings: [],
  indexes: [],
  views: [],
  counters: [],
};
