// Starts the real server (embedded store, HTTP) on a free port with a temporary DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../../src/server/app.ts';
import { freePort } from '../../src/server/store/embedded-store.ts';
import { type Config, DEFAULT_RATE_LIMITS, loadConfig, type RateLimits } from '../../src/server/config.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  logs: string[];
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

export { freePort };

const GENEROUS: RateLimits = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([k, v]) => [k, { ...v, max: 10_000 }]),
) as unknown as RateLimits;

export async function startTestServer(
  options: { env?: Record<string, string>; dataDir?: string; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'moneta-test-'));
  const logs: string[] = [];
  let port = 0;
  let server: RunningServer | null = null;
  // A free port may be taken between finding it and listening on it (tests run side by side):
  // another one is tried then.
  for (let attempt = 1; !server; attempt++) {
    port = await freePort();
    const config = loadConfig(
      { PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', DIST_DIR: path.resolve('dist'), ...options.env },
      { rateLimits: GENEROUS, log: (line) => logs.push(line), ...options.config },
    );
    try {
      server = await startServer(config);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
  return {
    ...server,
    url: `http://localhost:${port}`,
    dataDir,
    logs,
    stop: async ({ keepData = false } = {}) => {
      await server.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
