// BENCH_PROFILE=1 in the load bench: which components React drew in each commit of a page load,
// read through the hook React DOM offers developer tools (installed before the page's scripts).
// A component counts as drawn when its fiber performed work in that commit; a subtree React did
// not enter keeps its old fibers and is skipped. Reads React's internals: a diagnostic, not a test.
import type { Page } from 'playwright-core';

interface Commit {
  at: number;
  drawn: string[];
}

/** Call before the page loads; the function returned gives the commits seen so far. */
export async function traceCommits(page: Page): Promise<() => Promise<Commit[]>> {
  await page.addInitScript(() => {
    // Fiber tags of components that run code when drawn: function, class, forwardRef, memo.
    const COMPONENTS = new Set([0, 1, 11, 15]);
    const PERFORMED_WORK = 1;
    type Fiber = {
      tag: number;
      flags: number;
      type: unknown;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
    };
    const nameOf = (fiber: Fiber): string => {
      const type = fiber.type as { displayName?: string; name?: string; render?: { name?: string } } | null;
      return type?.displayName || type?.name || type?.render?.name || '?';
    };
    const commits: Commit[] = [];
    (window as unknown as { benchCommits: Commit[] }).benchCommits = commits;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        const drawn: string[] = [];
        const walk = (first: Fiber | null) => {
          for (let fiber = first; fiber; fiber = fiber.sibling) {
            const isNew = !fiber.alternate;
            if (COMPONENTS.has(fiber.tag) && (isNew || (fiber.flags & PERFORMED_WORK) === PERFORMED_WORK))
              drawn.push(nameOf(fiber));
            if (fiber.child && (isNew || fiber.child !== fiber.alternate!.child)) walk(fiber.child);
          }
        };
        walk(root.current.child);
        commits.push({ at: Math.round(performance.now()), drawn });
      },
    };
  });
  return () => page.evaluate(() => (window as unknown as { benchCommits: Commit[] }).benchCommits);
}

/** One line per commit: when, how many components, and the first `names` of them (MUI's inner parts left out). */
export function printCommits(what: string, commits: Commit[], names = 12): void {
  console.log(`${what}: ${commits.length} commits`);
  for (const { at, drawn } of commits) {
    const own = drawn.filter((name) => !/^(Styled|Insertion|ButtonBase|\?)/.test(name));
    console.log(
      `  ${String(at).padStart(6)} ms  ${String(drawn.length).padStart(5)} drawn  ${own.slice(0, names).join(', ')}`,
    );
  }
}
