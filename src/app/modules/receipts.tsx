import type { ModuleParts } from '../resource-modules';

export const RECEIPT_PARTS: ModuleParts = {};
