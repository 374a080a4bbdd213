import { describe, expect, it } from 'vitest';
import { retryWhenOnline } from './register-sw.ts';

describe('loading a chunk as the connection drops', () => {
  it('tries again each time the browser is back online, until it loads', async () => {
    const events = new EventTarget();
    let calls = 0;
    const loading = retryWhenOnline(() => {
      calls++;
      return calls < 3
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve('ok');
    }, events);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(1);
    events.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(2);
    events.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('ok');
    expect(calls).toBe(3);
  });
});
