import '../../test/support/browser-globals.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type QueuedUpload, queuedAt, queuedUploads, queueUpload } from './device-files.ts';

afterEach(() => vi.useRealTimers());

const upload = (name: string, addedAt: string): QueuedUpload => ({
  id: globalThis.crypto.randomUUID(),
  db: 'acc-order',
  method: 'POST',
  path: '/api/disk/files',
  query: { name },
  blob: new Blob([name]),
  meta: { name },
  addedAt,
});

describe('the upload queue', () => {
  it('lists files chosen in the same millisecond in the order they were chosen', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T10:00:00.000Z') });
    const names = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg', 'f.jpg', 'g.jpg', 'h.jpg'];
    for (const name of names) await queueUpload(upload(name, queuedAt()));
    expect((await queuedUploads('acc-order')).map((q) => q.meta.name)).toEqual(names);
  });

  it('gives stamps that follow the clock and never go back', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T10:00:00.000Z') });
    const first = queuedAt();
    const second = queuedAt();
    expect(second > first).toBe(true);
    vi.setSystemTime(new Date('2026-11-28T11:00:00.000Z'));
    expect(queuedAt()).toBe('2026-11-28T11:00:00.000Z');
  });
});
