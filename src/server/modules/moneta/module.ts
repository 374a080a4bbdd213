// The finance module's server half: only its design documents (couch/group/: the wallet balances
// every device keeps), deployed to the groups with finance on.
import type { ServerModule } from '../kit.ts';

export const monetaServer: ServerModule = { kind: 'moneta' };
