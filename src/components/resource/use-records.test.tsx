import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { useSyncStore } from '../../data/sync-store.ts';
import { useReplicaQuery } from './use-records.ts';

const DB = 'acc-5f0c1a52-3f7e-4c51-9d1e-6f1b2a7c9e01';

/** A load whose answers the test gives, counting its calls. */
function controlledLoad() {
  const answers: Array<(value: number) => void> = [];
  const load = () => new Promise<number>((resolve) => answers.push(resolve));
  return { load, answers };
}

function Shown({ load }: { load: () => Promise<number> }) {
  const { value } = useReplicaQuery(DB, load);
  return <p>{value === undefined ? 'waiting' : `value ${value}`}</p>;
}

/** The query's component, counting the commits in which React drew it. */
function probe(load: () => Promise<number>, drawn: { count: number }) {
  return (
    <Profiler id="probe" onRender={() => drawn.count++}>
      <Shown load={load} />
    </Profiler>
  );
}

const setFilling = (filling: boolean) => act(() => useSyncStore.getState().update(DB, { filling }));

describe('useReplicaQuery while the copy is first filled', () => {
  it('reads once the fill ends, and draws nothing for the end itself', async () => {
    setFilling(true);
    const { load, answers } = controlledLoad();
    const drawn = { count: 0 };
    render(probe(load, drawn));
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(answers).toHaveLength(0);

    const before = drawn.count;
    setFilling(false);
    // The read has started; the component is drawn again only with its answer.
    expect(answers).toHaveLength(1);
    expect(drawn.count).toBe(before);

    await act(async () => answers[0]!(42));
    expect(await screen.findByText('value 42')).toBeTruthy();
  });

  it('stops reading when a fill starts again, and reads again when it ends', async () => {
    const { load, answers } = controlledLoad();
    render(<Shown load={load} />);
    expect(answers).toHaveLength(1);
    await act(async () => answers[0]!(1));
    expect(await screen.findByText('value 1')).toBeTruthy();

    setFilling(true);
    expect(answers).toHaveLength(1);
    setFilling(false);
    expect(answers).toHaveLength(2);
    await act(async () => answers[1]!(2));
    expect(await screen.findByText('value 2')).toBeTruthy();
  });
});
