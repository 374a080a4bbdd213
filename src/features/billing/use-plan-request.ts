import { useState } from 'react';
import type { PlanRequest } from '../../domain/billing.ts';

/**
 * The switch-to-free and cancel requests of both checkout screens: which one the modal asks to
 * confirm, which one was made (its success message), and the modal's wiring. `reload` reads the
 * group's plan again once a request is made.
 */
export function usePlanRequest(reload: () => void) {
  const [asking, setAsking] = useState<PlanRequest | null>(null);
  const [done, setDone] = useState<PlanRequest | null>(null);
  return {
    done,
    ask: setAsking,
    /** Forgets the success message (another group was picked). */
    reset: () => setDone(null),
    /** Spread on `ConfirmRequestDialog` beside its `accountId`. */
    dialog: {
      request: asking,
      onClose: () => setAsking(null),
      onDone: (made: PlanRequest) => {
        setAsking(null);
        setDone(made);
        reload();
      },
    },
  };
}
