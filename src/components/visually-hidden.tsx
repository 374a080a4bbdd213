import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Text for screen readers only. An icon button named by hidden text rather than aria-label keeps
 * its visible content (a badge's number, initials) out of the name, as WCAG 2.5.3 asks when the
 * two differ.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        border: 0,
        clip: 'rect(0 0 0 0)',
        height: '1px',
        margin: '-1px',
        overflow: 'hidden',
        padding: 0,
        position: 'absolute',
        whiteSpace: 'nowrap',
        width: '1px',
      }}
    >
      {children}
    </Box>
  );
}
