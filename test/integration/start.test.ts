// `npm start` as a person runs it: the server's TypeScript run by Node 24 itself, as its own
// process (tests elsewhere import the server into the test runner, whose resolver forgives what
// Node's does not: an import without its file's extension would pass there and break here).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/test-server.ts';

describe('npm start', () => {
  it('runs on Node 24 without a compiler, and serves the app and the API', async () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moneta-start-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toMatch(/listening on|Error/);
      expect(output).toMatch(/Moneta .* listening on/);
      const session = await fetch(`http://127.0.0.1:${port}/db/_session`);
      expect(session.status).toBe(200);
      expect(((await session.json()) as { userCtx: { name: string | null } }).userCtx.name).toBeNull();
      expect(session.headers.get('x-app-version')).toBeTruthy();
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
