// The finance module's server half: its design documents (couch/group/: the wallet balances
// every device keeps), deployed to the groups with finance on, its part of the weekly summary and
// its CSV of the group's export.
import { FINANCE_CSV } from '../../../domain/modules/moneta/export.ts';
import { monetaSummary } from '../../../domain/modules/moneta/summary.ts';
import type { ServerModule } from '../kit.ts';

export const monetaServer: ServerModule = { kind: 'moneta', summary: monetaSummary, csv: [FINANCE_CSV] };
