// The order vitest's pool takes the run's files in. Every project shares one pool (`maxWorkers` in
// vite.config.ts), which takes the next file in this order whenever a worker is free. Vitest's own
// order is project by project, so the end-to-end files filled the pool and the integration files
// waited for them; here the two streams are dealt out side by side, in proportion to their
// expected time, so they end together. Measured: docs/testing.md.
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/** Seconds a file of each kind takes when no earlier run on this machine says (a fresh clone). */
const EXPECTED_SECONDS: Record<string, number> = { e2e: 60, integration: 8, 'integration-external': 8 };
const OTHER_SECONDS = 1;

export default class SideBySideSequencer implements TestSequencer {
  private readonly ctx: Vitest;
  constructor(ctx: Vitest) {
    this.ctx = ctx;
  }

  private async base(): Promise<TestSequencer> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx);
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.base()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) => {
      const last = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      return last ? last / 1000 : (EXPECTED_SECONDS[spec.project.name] ?? OTHER_SECONDS);
    };
    return sideBySide(await (await this.base()).sort(files), (spec) => spec.project.name === 'e2e', seconds);
  }
}

/**
 * `files` dealt from two streams (those `apart` picks, and the others), each longest first (in
 * the given order between equals), taking next from whichever stream is least far along its own
 * expected time: both are then about as far along whenever the pool takes a file, and end together.
 */
export function sideBySide<T>(files: readonly T[], apart: (file: T) => boolean, seconds: (file: T) => number): T[] {
  const streams = [files.filter(apart), files.filter((file) => !apart(file))].map((stream) => ({
    files: [...stream].sort((a, b) => seconds(b) - seconds(a)),
    total: stream.reduce((sum, file) => sum + seconds(file), 0),
    dealt: 0,
  }));
  const order: T[] = [];
  for (;;) {
    const open = streams.filter((stream) => stream.files.length);
    if (!open.length) return order;
    const next = open.reduce((a, b) => (a.dealt * b.total <= b.dealt * a.total ? a : b));
    const file = next.files.shift()!;
    next.dealt += seconds(file);
    order.push(file);
  }
}
