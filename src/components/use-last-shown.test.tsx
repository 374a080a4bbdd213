import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLastShown } from './use-last-shown.ts';

describe('useLastShown', () => {
  it('holds the last value through null, and follows the next one', () => {
    const { result, rerender } = renderHook(({ value }: { value: string | null }) => useLastShown(value), {
      initialProps: { value: null as string | null },
    });
    expect(result.current).toBeNull();
    rerender({ value: 'cancel' });
    expect(result.current).toBe('cancel');
    rerender({ value: null });
    expect(result.current).toBe('cancel');
    rerender({ value: 'free' });
    expect(result.current).toBe('free');
  });
});
