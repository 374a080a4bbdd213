// The app runs on Preact's React layer (vite.config.ts); where it differs from React in a way MUI
// or our forms notice, the difference is mended here, before the first render (main.tsx imports
// this first). Preact's layer is loaded first: its own hook is the one this one hands on to.
import 'react';
import { options, type VNode } from 'preact';

const next = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { value?: unknown; defaultValue?: unknown };
  // MUI's inputs pass `value={undefined}` beside `defaultValue`: React leaves such a field to the
  // person, Preact's layer makes it hold the default, which every render then writes back over
  // what was typed.
  if (typeof vnode.type === 'string' && 'defaultValue' in props && 'value' in props && props.value == null) {
    const { value: _unset, ...rest } = props;
    vnode.props = rest as typeof vnode.props;
  }
  next?.(vnode);
};
