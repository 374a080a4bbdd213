import { useEffect, useState } from 'react';
import { clearErrorsEvent } from './clear-errors.ts';

/** An error to show in an error box; reset by the global clear-errors event (e.g. after re-login). */
export function useErrorState(initial: unknown = null) {
  const [error, setError] = useState<unknown>(initial);
  useEffect(() => clearErrorsEvent.on(() => setError(null)), []);
  return [error, setError] as const;
}
