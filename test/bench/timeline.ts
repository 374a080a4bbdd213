// BENCH_TIMELINE=1 in the browser benches: where a page's main thread spent a page load, from
// Chromium's own trace (not sampled): each event's self time (its duration less its children's)
// added up by kind, the idle time between tasks, and the longest tasks in order. What the
// profiler calls "(program)" is split here into parsing, compiling, style, layout and paint.
import type { Browser, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { frame?: string; documentLoaderURL?: string } };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink',
  'loading',
  'blink.user_timing',
];

/** Starts tracing `page` on its way to `url`; the function returned stops and prints its main thread's time until `untilMs` (page time). */
export async function startTimeline(
  browser: Browser,
  page: Page,
  url: string,
  what = 'page load',
): Promise<(untilMs: number) => Promise<void>> {
  await browser.startTracing(page, { categories: CATEGORIES });
  return async (untilMs) => {
    const buffer = await browser.stopTracing();
    if (process.env.BENCH_SAVE) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${process.env.BENCH_SAVE}/${what.replace(/\W+/g, '-')}.trace.json`, buffer);
    }
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    // The page's renderer main thread: of the renderers' main threads, the one that navigated to
    // the page's address (a new page starts on about:blank, in a renderer it may leave).
    const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const navigations = traceEvents.filter(
      (e) =>
        e.name === 'navigationStart' &&
        mains.some((m) => m.pid === e.pid && m.tid === e.tid) &&
        (e.args?.data?.documentLoaderURL ?? '').includes(url),
    );
    const navigation = navigations.at(-1);
    if (!navigation) return console.log(`${what}: no navigation to ${url} in the trace`);
    const main = { pid: navigation.pid, tid: navigation.tid };
    const start = navigation.ts;
    const end = start + untilMs * 1000;
    const events = traceEvents
      .filter(
        (e) =>
          e.pid === main.pid &&
          e.tid === main.tid &&
          e.ph === 'X' &&
          e.dur !== undefined &&
          e.ts < end &&
          e.ts + e.dur! > start,
      )
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    // Nesting on one thread is by time: an event inside the one still open is its child.
    const self = new Map<string, number>();
    const open: Array<{ event: TraceEvent; children: number }> = [];
    const tasks: Array<{ event: TraceEvent; top: Map<string, number> }> = [];
    const close = (upTo: number) => {
      while (open.length > 0 && open.at(-1)!.event.ts + open.at(-1)!.event.dur! <= upTo) {
        const done = open.pop()!;
        const ms = (done.event.dur! - done.children) / 1000;
        self.set(done.event.name, (self.get(done.event.name) ?? 0) + ms);
        const task = tasks.at(-1);
        if (task) task.top.set(done.event.name, (task.top.get(done.event.name) ?? 0) + ms);
      }
    };
    for (const event of events) {
      close(event.ts);
      if (open.length > 0) open.at(-1)!.children += event.dur!;
      else tasks.push({ event, top: new Map() });
      open.push({ event, children: 0 });
    }
    close(Infinity);
    const busy = tasks.reduce((sum, t) => sum + t.event.dur!, 0) / 1000;
    console.log(
      `${what}, main thread until ${untilMs.toFixed(0)} ms: busy ${busy.toFixed(0)} ms in ${tasks.length} tasks`,
    );
    for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 16))
      console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
    console.log(`${what}, tasks of 16 ms or more (start, length, what took most of it):`);
    for (const { event, top } of tasks.filter((t) => t.event.dur! >= 16_000)) {
      const most = [...top]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([n, ms]) => `${n} ${ms.toFixed(0)}`);
      console.log(
        `  ${((event.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${(event.dur! / 1000).toFixed(0).padStart(4)} ms  ${most.join(', ')}`,
      );
    }
  };
}
