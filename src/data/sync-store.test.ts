import { afterEach, describe, expect, it } from 'vitest';
import { useSyncStore } from './sync-store.ts';

const NAME = 'acc-00000000-0000-4000-8000-000000000001';

afterEach(() => useSyncStore.getState().forget(NAME));

describe('sync store', () => {
  it('leaves the state as it is, telling no screen, when a patch changes nothing', () => {
    const error = { status: 500, error: 'unknown', reason: 'Boom' };
    useSyncStore.getState().update(NAME, { pending: 2, conflicts: ['tik-1'], error });
    const before = useSyncStore.getState();
    let told = 0;
    const stop = useSyncStore.subscribe(() => told++);
    // Equal values, and arrays and errors equal by their contents (read anew each time).
    useSyncStore.getState().update(NAME, { pending: 2, conflicts: ['tik-1'], error: { ...error } });
    expect(useSyncStore.getState()).toBe(before);
    expect(told).toBe(0);

    useSyncStore.getState().update(NAME, { pending: 3 });
    useSyncStore.getState().update(NAME, { conflicts: ['tik-1', 'tik-2'] });
    expect(told).toBe(2);
    expect(useSyncStore.getState().databases[NAME]).toMatchObject({ pending: 3, conflicts: ['tik-1', 'tik-2'], error });
    stop();
  });

  it('keeps the unchanged parts of a patch that changes something else, so their readers do not draw again', () => {
    useSyncStore.getState().update(NAME, { state: 'syncing', conflicts: [] });
    const conflicts = useSyncStore.getState().databases[NAME]!.conflicts;
    useSyncStore.getState().update(NAME, { state: 'paused', conflicts: [] });
    expect(useSyncStore.getState().databases[NAME]!.state).toBe('paused');
    expect(useSyncStore.getState().databases[NAME]!.conflicts).toBe(conflicts);
  });

  it('records a first patch of a database even when it matches the defaults', () => {
    useSyncStore.getState().update(NAME, { pending: 0 });
    expect(useSyncStore.getState().databases[NAME]?.pending).toBe(0);
  });
});
