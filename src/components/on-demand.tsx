// What opens over a page (a menu, a dialog, a drawer) with its code loaded the first time it
// opens: most visits never open most of them, and a group's first screen went without their
// code (docs/benchmarks.md). Opened once, it stays mounted, so that it closes with its transition.
// Offline, the service worker holds the code; a chunk missed just as the network dropped arrives
// when it is back (lazyPart).
import type { MenuProps } from '@mui/material';
import { type ComponentType, Suspense, useState } from 'react';
import { lazyPart } from './lazy-part.ts';

/** True from the first time `open` was true. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** `load`'s component, drawn from the first time its `open` is true. */
export function openedOnDemand<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<void> } {
  const Part = lazyPart(() => load().then((component) => ({ default: component })));
  function OnDemand(props: P) {
    return useOpenedOnce(props.open) ? (
      <Suspense>
        <Part {...props} />
      </Suspense>
    ) : null;
  }
  return Object.assign(OnDemand, { preload: Part.preload });
}

/** MUI's Menu, its code (with Popover and Modal) loaded at the first opening. */
export const MenuOnDemand = openedOnDemand<MenuProps>(() => import('@mui/material/Menu').then((m) => m.default));
