// Prints the plain closing line 'N passed, N failed, N skipped' that CI reads, after vitest's own,
// and where the run's time went (each project's files added up, the slowest files and tests), so a CI
// that grows past its budget says which files to look at.
import { availableParallelism, loadavg } from 'node:os';
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const byProject = new Map<string, number>();
    const files: { name: string; ms: number }[] = [];
    const tests: { name: string; ms: number }[] = [];
    for (const module of testModules) {
      let failed = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        tests.push({
          name: `${test.module.moduleId.split('/').pop()} > ${test.name}`,
          ms: test.diagnostic()?.duration ?? 0,
        });
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') failed++;
        else counts.skipped++;
      }
      // A file that failed outside its tests (a hook, an import) is a failure too, even when its
      // tests were only skipped: the line must never say 0 failed on a red run.
      counts.failed += module.state() === 'failed' && failed === 0 ? 1 : failed;
      const ms = module.diagnostic().duration;
      const project = module.project.name || 'default';
      byProject.set(project, (byProject.get(project) ?? 0) + ms);
      files.push({ name: `${project} ${module.moduleId.replace(`${process.cwd()}/`, '')}`, ms });
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log('\nTime in files, per project (files of a project may run side by side):');
    for (const [project, ms] of [...byProject].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${project.padEnd(22)} ${seconds(ms)}`);
    }
    console.log('Slowest files:');
    for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, 12)) {
      console.log(`  ${seconds(file.ms).padStart(8)}  ${file.name}`);
    }
    console.log('Slowest tests:');
    for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, 15)) {
      console.log(`  ${seconds(test.ms).padStart(8)}  ${test.name.slice(0, 110)}`);
    }
    // Figures from a shared machine mean little without how busy it was.
    const load = loadavg().map((n) => n.toFixed(1));
    console.log(`Load average at the end (1, 5, 15 min): ${load.join(', ')} on ${availableParallelism()} cores`);
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
