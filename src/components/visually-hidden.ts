/** Read by screen readers, not shown (for `sx`). */
export const visuallyHidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 means 100%, and m: -1 one spacing unit.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
