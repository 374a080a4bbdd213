// The modules' parts of the record screens (show, new, edit), found by convention: each module's
// src/features/<module>/record-parts.tsx. Only those screens import this file, so a group's
// dashboard and lists load none of that code (nor the components it alone needs).
import { mergeModules, type ModuleParts } from '../components/resource/module-parts.tsx';
import { RESOURCE_MODULES } from './feature-modules.ts';

const found = import.meta.glob<{ default: ModuleParts }>('../features/*/record-parts.tsx', { eager: true });

/** What every module adds to the generic record screens, by resource (their list's parts included). */
export const RECORD_MODULES = mergeModules([RESOURCE_MODULES, ...Object.values(found).map((m) => m.default)]);
