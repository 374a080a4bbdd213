// A part of a screen drawn once it scrolls near the screen (a chart and its code).
import { Box } from '@mui/material';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once its box scrolls near the screen (at once where the browser cannot
 * tell), keeping `height` meanwhile so nothing below moves when it arrives.
 */
export function WhenInView({ height, children }: { height: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !box.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), {
      rootMargin: '200px',
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [seen]);
  const placeholder = <Box sx={{ height }} aria-hidden="true" />;
  return <div ref={box}>{seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
