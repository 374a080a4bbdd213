import { useEffect } from 'react';

interface EarlyEvent {
  type: string;
  el: Element;
  submitter: HTMLElement | null;
}

declare global {
  interface Window {
    /** Set by the pages rendered ahead (vite.config.ts): stops holding taps, returns those held. */
    __earlyEvents?: () => EarlyEvent[];
  }
}

// Kept here, not in the effect: a development run's second effect must still find them.
const held: EarlyEvent[] = [];

/** Plays the taps and sends held while the page was not yet taken over, once it is. */
export function useEarlyEvents(): void {
  useEffect(() => {
    // What tests wait on before acting on a page rendered ahead: the app has taken it over.
    document.documentElement.setAttribute('data-running', '');
    held.push(...(window.__earlyEvents?.() ?? []));
    // After the updates the takeover's own effects start (MUI learning the colour mode).
    const timer = setTimeout(() => {
      for (const { type, el, submitter } of held.splice(0)) {
        if (!el.isConnected) continue;
        if (type === 'submit' && el instanceof HTMLFormElement) el.requestSubmit(submitter);
        else if (el instanceof HTMLElement) el.click();
      }
    });
    return () => clearTimeout(timer);
  }, []);
}
