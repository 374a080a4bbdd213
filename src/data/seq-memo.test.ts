import '../../test/support/browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { newId } from '../domain/ids.ts';
import { destroyLocalDb, localDb } from './databases.ts';
import { memoBySeq } from './seq-memo.ts';

describe('memoBySeq', () => {
  it('computes once per replica state, shares calls made meanwhile and forgets failures', async () => {
    const name = newId('Account');
    let runs = 0;
    const count = () =>
      memoBySeq(name, 'docs', async () => {
        runs++;
        return (await localDb(name).allDocs()).rows.length;
      });
    expect(await Promise.all([count(), count()])).toEqual([0, 0]);
    expect(await count()).toBe(0);
    expect(runs).toBe(1);

    await localDb(name).put({ _id: 'a' });
    expect(await count()).toBe(1);
    expect(runs).toBe(2);

    let failing = true;
    const flaky = () =>
      memoBySeq(name, 'flaky', async () => {
        if (failing) throw new Error('not yet');
        return 'ok';
      });
    await expect(flaky()).rejects.toThrow('not yet');
    failing = false;
    expect(await flaky()).toBe('ok');
    await destroyLocalDb(name);
  });
});
