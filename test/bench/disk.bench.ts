// npm run bench:disk — a benchmark, not a test: prints figures against the targets of issue 31.
// PROPFIND Depth 1 on a folder of 1,000 files (target under 100 ms), and a 1 GB file streamed up
// and down through WebDAV (throughput against writing the same bytes to the local disk in the
// same run, target at least half; the process's memory growth, target under 100 MB; checksums
// equal). The server runs in this process, so the memory figure holds the client's share too.
// BENCH_FILES, BENCH_BYTES change the sizes; S3_URL set runs it on that store.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { startTestServer } from '../support/test-server.ts';

const FILES = Number(process.env.BENCH_FILES ?? 1_000);
const BYTES = Number(process.env.BENCH_BYTES ?? 1024 ** 3);
const MB = 1024 * 1024;

const server = await startTestServer({ env: process.env.S3_URL ? { S3_URL: process.env.S3_URL } : {} });
const row = (what: string, value: string, target = '') =>
  console.log(`${what.padEnd(58)} ${value.padStart(14)}  ${target}`);

/** `BYTES` of varied content, made as it is read: 1 MB of random bytes, each megabyte numbered. */
function source(): Readable {
  const block = randomBytes(MB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= BYTES) return this.push(null);
      const chunk = Buffer.from(block.subarray(0, Math.min(MB, BYTES - sent)));
      chunk.writeUInt32BE(sent / MB, 0);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/** The highest resident memory seen while `work` runs, sampled every 50 ms, minus what it was before. */
async function memoryGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await work();
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

try {
  const owner = await registerUser(server.url);
  await confirmUser(server, owner);
  const db = await createGroup(owner, 'Bench Disco', 'rdisk');
  const token = (await owner.client.post<{ token: string }>('/api/tokens', { description: 'b', permissions: 'write' }))
    .body.token;
  const auth = `Basic ${Buffer.from(`${owner.email}:${token}`).toString('base64')}`;
  const dav = `${server.url}/api/groups/${db}/dav`;

  // A folder of FILES files, written as the server writes them (one content they all name).
  const content = await server.ctx.bytes.put(Readable.from([Buffer.from('bench')]));
  const now = new Date().toISOString();
  const stamps = { created_at: now, updated_at: now, created_by: owner.id, updated_by: owner.id };
  const folder = { _id: `fle-${randomUUID()}`, klass: 'CloudFile', name: 'Fotos', kind: 'dir', ...stamps };
  const version = { ...content, at: now, by: owner.id, content_type: 'image/jpeg' };
  const files = Array.from({ length: FILES }, (_, i) => ({
    _id: `fle-${randomUUID()}`,
    klass: 'CloudFile',
    name: `IMG_${String(i).padStart(5, '0')}.jpg`,
    kind: 'file',
    dir_id: folder._id,
    size: content.size,
    versions: [version],
    ...stamps,
  }));
  await server.ctx.store.must(`/${db}/_bulk_docs`, { method: 'POST', body: { docs: [folder, ...files] } });
  const propfind = async () => {
    const start = performance.now();
    const res = await fetch(`${dav}/Fotos/`, { method: 'PROPFIND', headers: { authorization: auth, depth: '1' } });
    const text = await res.text();
    if (res.status !== 207 || !text.includes('IMG_00000.jpg')) throw new Error(`PROPFIND ${res.status}`);
    return performance.now() - start;
  };
  const first = await propfind();
  const times = [];
  for (let i = 0; i < 20; i++) times.push(await propfind());
  times.sort((a, b) => a - b);
  row(`PROPFIND Depth 1, folder of ${FILES} files, first`, `${first.toFixed(0)} ms`);
  row(`PROPFIND Depth 1, folder of ${FILES} files, median of 20`, `${times[10]!.toFixed(0)} ms`, 'target < 100 ms');

  // The local disk, same bytes, same run.
  const local = path.join(server.dataDir, 'local.bin');
  let start = performance.now();
  await pipeline(source(), createWriteStream(local, { flush: true }));
  const localSeconds = (performance.now() - start) / 1000;
  rmSync(local);
  const rate = (seconds: number) => `${(BYTES / MB / seconds).toFixed(0)} MB/s`;
  row(`local disk write, ${(BYTES / MB).toFixed(0)} MB`, rate(localSeconds));

  const sent = createHash('sha256');
  const up = await memoryGrowth(async () => {
    start = performance.now();
    // Hashed as it is read, keeping the fetch's back-pressure (a 'data' listener would not).
    const body = source().pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sent.update(chunk);
          done(null, chunk);
        },
      }),
    );
    // node:http, not fetch: a web stream made from a Node one is read without back-pressure.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${dav}/big.bin`, {
        method: 'PUT',
        headers: { authorization: auth, 'content-type': 'application/octet-stream' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      pipeline(body, req).catch(reject);
    });
    if (status !== 201) throw new Error(`PUT ${status}`);
    return (performance.now() - start) / 1000;
  });
  row(
    'upload through WebDAV (PUT)',
    rate(up.result),
    `${((localSeconds / up.result) * 100).toFixed(0)}% of local, target ≥ 50%`,
  );
  row('  memory growth during the upload', `${(up.growth / MB).toFixed(0)} MB`, 'target < 100 MB');

  const received = createHash('sha256');
  const down = await memoryGrowth(async () => {
    start = performance.now();
    const res = await fetch(`${dav}/big.bin`, { headers: { authorization: auth } });
    if (res.status !== 200 || !res.body) throw new Error(`GET ${res.status}`);
    for await (const chunk of res.body) received.update(chunk);
    return (performance.now() - start) / 1000;
  });
  row(
    'download through WebDAV (GET)',
    rate(down.result),
    `${((localSeconds / down.result) * 100).toFixed(0)}% of local write`,
  );
  row('  memory growth during the download', `${(down.growth / MB).toFixed(0)} MB`, 'target < 100 MB');
  const same = sent.digest('hex') === received.digest('hex');
  row('checksum of what came back', same ? 'equal' : 'DIFFERENT');
  if (!same) process.exitCode = 1;
} finally {
  await server.stop();
}
