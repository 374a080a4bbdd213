import { useState } from 'react';

/**
 * `value`, or while it is null the last one it held: a dialog opened by a value (`open={value !==
 * null}`) keeps drawing what it was opened for through its closing transition, where it would
 * otherwise flash its empty or default texts (the cancel modal turned into the switch-to-free
 * one while fading, under a test's next click).
 */
export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  // Kept by adjusting state while rendering, React's pattern for a value derived from earlier props.
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
