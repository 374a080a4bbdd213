// The embedded CouchDB-compatible store, run as a child process of the server and supervised:
// restarted when it dies, killed and restarted when it stops answering. Our server is its only
// client and speaks HTTP to it with admin credentials, exactly as it would to Apache CouchDB.
// While it restarts, store calls fail fast and the server answers 503 `store_unavailable`
// (see couch-client.ts); sessions are signed cookies, so nobody is logged out meanwhile.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoreProcessMessage, StoreProcessOptions } from './store-process.ts';

export interface EmbeddedStore {
  /** Base URL with admin credentials, e.g. http://admin:secret@127.0.0.1:PORT */
  url: string;
  /** The store process's pid, for tests and benchmarks that look at it. */
  pid: () => number | undefined;
  /** How many times the store was restarted after dying or stalling. */
  restarts: () => number;
  close: () => Promise<void>;
}

export interface SupervisorOptions {
  log?: (line: string) => void;
  /** How often the store is pinged, and after how many missed pings it is restarted. */
  pingMs?: number;
  missedPings?: number;
}

/**
 * Where a running server leaves its store's address, readable by its owner only, for a command
 * run beside it (`npm run newsletter`): the store is the LevelDB's one process, so the command
 * talks to it over HTTP as the server does. Removed when the server stops.
 */
export const storeUrlFile = (dataDir: string) => path.join(dataDir, 'store-url');

/** The running embedded store's address, or null when no server runs on this data directory. */
export function runningStoreUrl(dataDir: string): string | null {
  try {
    return readFileSync(storeUrlFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

const ENTRY = fileURLToPath(new URL('./store-process.ts', import.meta.url));
const MAX_BACKOFF_MS = 5_000;

/** A loopback port nothing listens on now (it may be taken before use: callers try again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts one store process and resolves once it listens, or rejects with its failure. */
function launch(options: StoreProcessOptions): Promise<ChildProcess> {
  const child = fork(ENTRY, [], {
    // TypeScript, like the server: Node 24 strips the types itself. No inspector or loader flags
    // of the parent (a test runner's) are passed on to the store.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`store process exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('message', (message: StoreProcessMessage) => {
      child.off('exit', onExit);
      if (message.type === 'ready') resolve(child);
      else {
        child.kill('SIGKILL');
        reject(Object.assign(new Error(`store process: ${message.message}`), { code: message.code }));
      }
    });
    child.send(options);
  });
}

/**
 * A free port may be taken before the store listens on it (another program starting): the first
 * start tries a few; restarts keep the port the server's client knows.
 */
async function launchOnFreePort(
  options: Omit<StoreProcessOptions, 'port'>,
  log: (line: string) => void,
): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { child: await launch({ ...options, port }), port };
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`store: could not start on port ${port} (${(error as Error).message}); trying another`);
    }
  }
}

export async function startEmbeddedStore(dataDir: string, options: SupervisorOptions = {}): Promise<EmbeddedStore> {
  const log = options.log ?? ((line: string) => console.log(line));
  const pingMs = options.pingMs ?? 5_000;
  const missedPings = options.missedPings ?? 6;
  // A fresh admin per server start: nobody but this server ever needs it.
  const password = randomBytes(24).toString('base64url');
  const authorization = 'Basic ' + Buffer.from(`admin:${password}`).toString('base64');
  const first = await launchOnFreePort({ dataDir, password }, log);
  const port = first.port;
  let child: ChildProcess = first.child;
  let closing = false;
  let restarts = 0;
  let missed = 0;

  const restart = async (): Promise<void> => {
    for (let delay = 100; !closing; delay = Math.min(delay * 2, MAX_BACKOFF_MS)) {
      try {
        // The same port and password: the server's client keeps its address.
        child = await launch({ dataDir, port, password });
        watch(child);
        restarts++;
        log(`store: restarted (pid ${child.pid})`);
        return;
      } catch (error) {
        log(`store: restart failed: ${(error as Error).message}; retrying in ${delay} ms`);
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  };

  function watch(proc: ChildProcess): void {
    missed = 0;
    proc.once('exit', (code, signal) => {
      if (closing) return;
      log(`store: process ${proc.pid} ended (${signal ?? code}); restarting`);
      void restart();
    });
  }
  watch(child);

  // A store that stopped answering (a stalled event loop) is killed; its exit restarts it.
  const pinger = setInterval(() => {
    const proc = child;
    fetch(`http://127.0.0.1:${port}/`, { headers: { authorization }, signal: AbortSignal.timeout(pingMs) }).then(
      () => {
        missed = 0;
      },
      () => {
        if (proc !== child || proc.exitCode !== null) return;
        if (++missed >= missedPings) {
          log(`store: no answer for ${missed} pings; killing process ${proc.pid}`);
          proc.kill('SIGKILL');
        }
      },
    );
  }, pingMs);
  pinger.unref();
  const url = `http://admin:${password}@127.0.0.1:${port}`;
  writeFileSync(storeUrlFile(dataDir), `${url}\n`, { mode: 0o600 });

  return {
    url,
    pid: () => child.pid,
    restarts: () => restarts,
    close: async () => {
      closing = true;
      clearInterval(pinger);
      rmSync(storeUrlFile(dataDir), { force: true });
      const proc = child;
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5_000).unref();
      });
    },
  };
}
