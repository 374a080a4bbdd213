// Starts the real server (embedded store, HTTP) on a free port with a temporary DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../../src/server/app.ts';
import { freePort } from '../../src/server/store/embedded-store.ts';
import type { ReaderFetcher } from '../../src/server/modules/exoreader/fetcher.ts';
import { readerFetcherOf } from '../../src/server/modules/exoreader/module.ts';
import { type Config, DEFAULT_RATE_LIMITS, loadConfig, type RateLimits } from '../../src/server/config.ts';

export interface TestServer extends RunningServer {
  /** This instance's feed fetcher (the reader's tests count its sweeps). */
  reader: ReaderFetcher;
  dataDir: string;
  /** The store's URL with its admin credentials: the embedded store's, or the external one. */
  storeUrl: string;
  logs: string[];
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

export { freePort };

/**
 * Set by the integration suite's second run (test/support/external-store.ts): every server then
 * uses that store instead of starting its own. Not COUCHDB_URL, which a developer's shell may
 * hold for a store tests must never write into.
 */
export const TEST_STORE_VARIABLE = 'TEST_COUCHDB_URL';

/** Set by the disk's second run (test/support/s3-store.ts): file contents go to that S3-compatible store. */
export const TEST_S3_VARIABLE = 'TEST_S3_URL';

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
    const external = process.env[TEST_STORE_VARIABLE];
    const s3 = process.env[TEST_S3_VARIABLE];
    const config = loadConfig(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        DIST_DIR: path.resolve('dist'),
        ...(external ? { COUCHDB_URL: external } : {}),
        ...(s3 ? { S3_URL: s3 } : {}),
        ...options.env,
      },
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
    reader: readerFetcherOf(server.instances),
    url: `http://localhost:${port}`,
    dataDir,
    storeUrl: server.ctx.config.couchdbUrl ?? server.embedded!.url,
    logs,
    stop: async ({ keepData = false } = {}) => {
      await server.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
