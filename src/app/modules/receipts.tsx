// Printed papers and the history around them: a ticket's receipts (two-copy service receipt,
// signed contract receipt), an estimate's priced items and its print page, and an equipment's
// service history.
import { ServiceHistory } from '../../features/equipment/components/service-history';
import { EstimateActions } from '../../features/estimates/components/estimate-actions';
import { EstimateFormTotal } from '../../features/estimates/components/estimate-form-total';
import { EstimateItems } from '../../features/estimates/components/estimate-items';
import { ReceiptActions } from '../../features/receipts/components/receipt-actions';
import type { ModuleParts } from '../resource-modules';

export const RECEIPT_PARTS: ModuleParts = {
  tickets: {
    showActions: (record, env) => <ReceiptActions ticket={record} env={env} />,
  },
  estimates: {
    showActions: (record, env) => <EstimateActions estimate={record} env={env} />,
    showChildren: (record) => <EstimateItems estimate={record} />,
    showHides: ['items'],
    formChildren: (draft) => <EstimateFormTotal items={draft.items} />,
  },
  equipment: {
    showChildren: (record, env) => <ServiceHistory equipment={record} env={env} />,
    // The history lists them with their status, warranty and next date.
    hideRelated: ['tickets', 'maintenances'],
  },
};
