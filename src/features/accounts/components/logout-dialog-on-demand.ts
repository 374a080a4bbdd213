import { openedOnDemand } from '../../../components/on-demand.tsx';

/** The logout dialog, its code (and MUI's dialog) loaded when it first opens. */
export const LogoutDialog = openedOnDemand(() => import('./logout-dialog.tsx').then((m) => m.LogoutDialog));
