// The disk (spec 001 §1 rdisk, and part of textnotes): files and folders of a group, their
// versions, and WebDAV. Its server half (src/server/modules/rdisk) keeps the contents; the screens
// (/disk) are not built yet, so it shows in no menu or tile.
import { coming } from '../coming.ts';
import type { ModuleDescription } from '../kit.ts';
import { RDISK_RESOURCES } from './records.ts';

// Spec 000 §3: files are on in a new group. Its tile (spec 000: files) comes with the screens.
export const rdiskModule: ModuleDescription = { ...coming('rdisk', 'rdisk', 'disk'), records: RDISK_RESOURCES };
