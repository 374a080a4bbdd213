import type { ModuleParts } from '../resource-modules';

export const TICKET_PARTS: ModuleParts = {};
