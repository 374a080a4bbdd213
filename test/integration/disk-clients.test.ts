// Real WebDAV clients against the running server: litmus (the protocol's test suite: basic,
// copymove, props, locks, http) and rclone (a folder of 200 files of mixed sizes copied up and
// back, `rclone check` finding no difference). Debian's `litmus` and `rclone` packages; .ci/run
// installs them, and each test is skipped only where its program is absent. Summaries: docs/disk.md.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithGroup, type TestUser, userToken } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const run = promisify(execFile);
const has = (program: string) => existsSync(`/usr/bin/${program}`);

let server: TestServer;
let owner: TestUser;
let db: string;
let token: string;
let work: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Clientes WebDAV', {}, 'rdisk'));
  token = await userToken(owner, 'write', 'dav');
  work = mkdtempSync(path.join(tmpdir(), 'moneta-dav-clients-'));
});
afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const davUrl = () => `${server.url}/api/groups/${db}/dav/`;

describe('WebDAV clients', () => {
  it.skipIf(!has('litmus'))(
    'litmus: basic, copymove, props, locks and http pass',
    async () => {
      const result = await run('litmus', [davUrl(), owner.email, token], {
        env: { ...process.env, TESTS: 'basic copymove props locks http', HOME: work },
        cwd: work,
        timeout: 240_000,
      }).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const summaries = result.stdout.split('\n').filter((line) => line.includes('summary for'));
      console.log(summaries.join('\n'));
      expect(summaries, result.stdout).toHaveLength(5);
      for (const line of summaries) expect(line, result.stdout).toMatch(/ 0 failed/);
    },
    300_000,
  );

  it.skipIf(!has('rclone'))(
    'rclone copies a folder of 200 files of mixed sizes up and back, and checks no difference',
    async () => {
      const local = path.join(work, 'up');
      mkdirSync(path.join(local, 'sub', 'deeper'), { recursive: true });
      const sums = new Map<string, string>();
      for (let i = 0; i < 200; i++) {
        // Mostly small, some of a few hundred KB, a few of several MB; a few empty.
        const size = i % 50 === 0 ? 0 : i % 40 === 1 ? 3_000_000 + i : i % 7 === 0 ? 200_000 + i * 13 : 1 + i * 37;
        const where = i % 3 === 0 ? 'sub' : i % 5 === 0 ? path.join('sub', 'deeper') : '';
        const name = path.join(where, `file ${i} – ção.bin`);
        const data = randomBytes(size);
        writeFileSync(path.join(local, name), data);
        sums.set(name, createHash('sha256').update(data).digest('hex'));
      }
      const obscured = (await run('rclone', ['obscure', token])).stdout.trim();
      const env = {
        ...process.env,
        RCLONE_CONFIG: path.join(work, 'rclone.conf'),
        RCLONE_CONFIG_MONETA_TYPE: 'webdav',
        RCLONE_CONFIG_MONETA_URL: davUrl(),
        RCLONE_CONFIG_MONETA_VENDOR: 'other',
        RCLONE_CONFIG_MONETA_USER: owner.email,
        RCLONE_CONFIG_MONETA_PASS: obscured,
      };
      const rclone = (...args: string[]) => run('rclone', [...args, '--retries', '1'], { env, timeout: 240_000 });
      await rclone('copy', local, 'moneta:Backup');
      const back = path.join(work, 'back');
      await rclone('copy', 'moneta:Backup', back);
      // `--download`: WebDAV gives no hashes, so the contents themselves are compared.
      const check = await rclone('check', local, 'moneta:Backup', '--download');
      console.log(
        check.stderr
          .split('\n')
          .filter((l) => /differences|matching/.test(l))
          .join('\n'),
      );
      await rclone('check', local, back);
      for (const [name, sum] of sums)
        expect(
          createHash('sha256')
            .update(readFileSync(path.join(back, name)))
            .digest('hex'),
          name,
        ).toBe(sum);
      expect(readdirSync(path.join(back, 'sub')).length).toBeGreaterThan(0);
    },
    300_000,
  );
});
