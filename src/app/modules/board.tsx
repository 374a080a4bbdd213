import type { ModuleParts } from '../resource-modules';

export const BOARD_PARTS: ModuleParts = {};
