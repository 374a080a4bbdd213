// BENCH_PROFILE=1 in the browser benches: a page's JavaScript by function (file:line), as
// Chromium's sampling profiler saw it, self time and total time (a function counted once per
// sample however deep it recurses).
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Starts profiling `page`; the function returned stops and prints the `top` functions by time. */
export async function startProfile(page: Page, what = 'page load', top = 25): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };
    };
    if (process.env.BENCH_SAVE) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${process.env.BENCH_SAVE}/${what.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify(profile));
    }
    const interval = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const where = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
      `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    const walk = (node: ProfileNode, above: ReadonlySet<string>): number => {
      const name = where(node);
      let ms = (node.hitCount ?? 0) * interval;
      self.set(name, (self.get(name) ?? 0) + ms);
      const path = new Set(above).add(name);
      for (const child of node.children ?? []) ms += walk(byId.get(child)!, path);
      if (!above.has(name)) total.set(name, (total.get(name) ?? 0) + ms);
      return ms;
    };
    walk(profile.nodes[0]!, new Set());
    for (const [title, times] of [
      ['self', self],
      ['total', total],
    ] as const) {
      console.log(`${what}, JavaScript ${title} time by function:`);
      for (const [name, ms] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top))
        console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name.slice(0, 110)}`);
    }
  };
}
