// The wiki's server half: its design document (couch/group/wiki: the notes' links, "linked by",
// and what a link may name), deployed to the groups with text notes on. The wiki itself runs on
// the device; the views answer API clients and keep the device's index honest (couch.test.ts).
import type { ServerModule } from '../kit.ts';

export const textnotesServer: ServerModule = { kind: 'textnotes' };
