// Every e2e file needs the real server and a Chromium: started before its tests, stopped after.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { launchBrowser, reportFailure } from './browser.ts';

export interface E2eHarness {
  server: TestServer;
  browser: Browser;
}

/** `env`: the server's settings for this file (e.g. the reader allowed to fetch the test's local feeds). */
export function e2eHarness(env: Record<string, string> = {}): E2eHarness {
  const harness = {} as E2eHarness;
  beforeAll(async () => {
    harness.server = await startTestServer({ env });
    harness.browser = await launchBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await reportFailure(harness.browser, task.name);
    console.log(['--- the server, last lines:', ...(harness.server?.logs ?? []).slice(-40)].join('\n'));
  });
  afterAll(async () => {
    // Refusals the app met on its way, for whoever reads a failing run.
    if (process.env.E2E_LOG_REFUSALS) {
      for (const line of harness.server?.logs ?? []) if (/ (4\d\d|5\d\d) /.test(line)) console.log(`server: ${line}`);
    }
    await harness.browser?.close();
    await harness.server?.stop();
  });
  return harness;
}
