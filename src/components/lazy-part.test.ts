import { describe, expect, it } from 'vitest';
import { loadChunk } from './lazy-part.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('loading a chunk as the connection drops', () => {
  it('offline, tries again each time the browser is back online, until it loads', async () => {
    const events = new EventTarget();
    let online = false;
    let calls = 0;
    const loading = loadChunk(() => (++calls < 3 ? failing() : Promise.resolve('ok')), {
      events,
      online: () => online,
    });
    await tick();
    expect(calls).toBe(1);
    events.dispatchEvent(new Event('online'));
    await tick();
    expect(calls).toBe(2);
    online = true;
    events.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('ok');
    expect(calls).toBe(3);
  });

  it('online, fails at once (a new build replaced the files)', async () => {
    await expect(loadChunk(failing, { events: new EventTarget(), online: () => true })).rejects.toThrow(
      /Failed to fetch/,
    );
  });
});
