// Prints the plain closing line 'N passed, N failed, N skipped' that CI reads, after vitest's own.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      let failed = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') failed++;
        else counts.skipped++;
      }
      // A file that failed outside its tests (a hook, an import) is a failure too, even when its
      // tests were only skipped: the line must never say 0 failed on a red run.
      counts.failed += module.state() === 'failed' && failed === 0 ? 1 : failed;
    }
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
