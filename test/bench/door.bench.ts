// npm run bench:door — a benchmark, not a test: prints figures.
// The server runs as its own process (with the store as its child), as `npm start` runs it, so
// the memory of each process can be read from /proc. Two parts:
// 1. Abuse: while abusive requests are in flight (45 MB anonymous bodies, 20 MB passwords, 500,000
//    keys, a catastrophic $regex, 10,000-level nesting, a missing list function, full scans that
//    keep the store busy), another client asks GET /db/ every 20 ms: its latency, and the memory of
//    both processes before, at the peak and after.
// 2. Load: BENCH_CLIENTS clients (50) for BENCH_SECONDS (60 s), each looping sign-in, a
//    `_bulk_docs` of 3 records into its group (groups of 10 members) and a long poll of the
//    group's changes; every acknowledged write is read back at the end.
// Clients come from distinct addresses (X-Forwarded-For, trusted from loopback), as real devices would.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { freePort } from '../support/test-server.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Load rounds on the same server: memory that keeps growing round after round is a leak. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const GROUP_SIZE = 10;

let ipCounter = 0;
const nextIp = () => `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

class Client {
  cookie = '';
  readonly ip = nextIp();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        'x-forwarded-for': headers['x-forwarded-for'] ?? this.ip,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('moneta_session='));
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: json as Record<string, unknown> };
  }
}

function rssKb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function childPid(pid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return children[0] ? Number(children[0]) : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function startServer(): Promise<{ url: string; proc: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moneta-bench-door-'));
  const port = await freePort();
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/db/`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 600) throw new Error('server did not start');
    await sleep(50);
  }
  return { url, proc, dataDir };
}

/** The newest link of that kind in a mail to `to`, waiting for the job queue to write it. */
async function mailedLink(dataDir: string, to: string, prefix: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 400; i++) {
    if (existsSync(dir)) {
      for (const name of readdirSync(dir).sort().reverse()) {
        const text = readFileSync(path.join(dir, name), 'utf8').replace(/=\r?\n/g, '');
        if (!text.includes(to)) continue;
        const match = new RegExp(`https?://[^\\s"<]+${prefix}[^\\s"<]+`).exec(text);
        if (match) return match[0];
      }
    }
    await sleep(50);
  }
  throw new Error(`no ${prefix} mail to ${to}`);
}

async function confirmedUser(
  url: string,
  dataDir: string,
  label: string,
): Promise<Client & { email: string; id: string }> {
  const client = new Client(url);
  const email = `${label}.${randomUUID().slice(0, 8)}@example.com`;
  const res = await client.call('POST', '/db/_users', { unconfirmed_email: email, password: 'bench password' });
  if (res.status !== 201) throw new Error(`sign-up ${res.status} ${JSON.stringify(res.body)}`);
  const link = await mailedLink(dataDir, email, '/user/confirm/');
  await client.call('POST', `/api/confirmation/${link.slice(link.lastIndexOf('/') + 1)}`);
  return Object.assign(client, { email, id: String(res.body.id) });
}

async function abuse(url: string, dataDir: string, serverPid: number): Promise<void> {
  const storePid = childPid(serverPid);
  const user = await confirmedUser(url, dataDir, 'abuser');
  const group = String((await user.call('POST', '/api/groups', { name: 'Abuse', kind: 'ticket' })).body.id);
  // Records that make a full scan of the group take the store some time.
  for (let batch = 0; batch < 10; batch++) {
    const docs = Array.from({ length: 500 }, (_, i) => ({
      _id: `cus-${randomUUID()}`,
      klass: 'Customer',
      name: `Customer ${batch}-${i}`,
      notes: 'x'.repeat(800),
    }));
    await user.call('POST', `/db/${group}/_bulk_docs`, { docs });
  }
  await sleep(2000);
  const idle = { server: rssKb(serverPid), store: rssKb(storePid) };
  const peak = { ...idle };
  // The probe runs on its own thread: building and sending the abusive bodies here must not delay it.
  const probe = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const latencies = []; let probing = true;
     parentPort.on('message', () => { probing = false; });
     (async () => {
       while (probing) {
         const t0 = performance.now();
         await fetch(workerData + '/db/').then((r) => r.text());
         latencies.push(performance.now() - t0);
         await new Promise((r) => setTimeout(r, 20));
       }
       parentPort.postMessage(latencies);
     })();`,
    { eval: true, workerData: url },
  );
  const sampler = setInterval(() => {
    peak.server = Math.max(peak.server, rssKb(serverPid));
    peak.store = Math.max(peak.store, rssKb(storePid));
  }, 50);
  await sleep(500);

  const statuses = new Map<string, number[]>();
  const note = (what: string, status: number) => {
    statuses.set(what, [...(statuses.get(what) ?? []), status]);
  };
  /** Sends one abusive request; a connection closed under a refused body counts as status 0. */
  const attempt = (what: string, send: () => Promise<{ status: number }>) =>
    send().then(
      (r) => note(what, r.status),
      () => note(what, 0),
    );
  const big = Buffer.alloc(45 * 1024 * 1024, 0x61);
  const keys = JSON.stringify({ keys: Array.from({ length: 500_000 }, (_, i) => `k${i}`) });
  const deep = `{"docs":[{"_id":"cus-${randomUUID()}","klass":"Customer","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}]}`;
  const t0 = performance.now();
  const attempts: Array<Promise<void>> = [];
  for (let i = 0; i < 10; i++) {
    attempts.push(
      attempt('anonymous 45 MB _bulk_docs', () =>
        fetch(`${url}/db/${user.id}/_bulk_docs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
          body: big,
        }),
      ),
    );
    attempts.push(
      attempt('login with a 20 MB password', () =>
        new Client(url).call('POST', '/db/_session', { username: user.email, password: 'x'.repeat(20 * 1024 * 1024) }),
      ),
    );
  }
  for (let i = 0; i < 3; i++) {
    attempts.push(attempt('_all_docs with 500,000 keys', () => user.call('POST', `/db/${user.id}/_all_docs`, keys)));
    attempts.push(
      attempt('_find with a catastrophic $regex', () =>
        user.call('POST', `/db/${user.id}/_find`, { selector: { s: { $regex: '^(a+)+$' } } }),
      ),
    );
    attempts.push(attempt('10,000-level nesting', () => user.call('POST', `/db/${group}/_bulk_docs`, deep)));
    attempts.push(
      attempt('_list, missing function', () => user.call('GET', `/db/${user.id}/_design/settings/_list/x/by-key`)),
    );
  }
  // Legitimate but heavy: full scans of 5,000 records, which keep the store's process busy.
  for (let i = 0; i < 6; i++) {
    attempts.push(
      attempt('_find full scan (legitimate)', () =>
        user.call('POST', `/db/${group}/_find`, { selector: { notes: { $gt: 'y' } }, limit: 10 }),
      ),
    );
  }
  await Promise.all(attempts);
  const burstMs = performance.now() - t0;
  const latencies = await new Promise<number[]>((resolve) => {
    probe.once('message', resolve);
    probe.postMessage('stop');
  });
  await probe.terminate();
  clearInterval(sampler);
  await sleep(5000);
  const after = { server: rssKb(serverPid), store: rssKb(storePid) };

  console.log('\n## Abuse: GET /db/ from another client while abusive requests are in flight\n');
  console.log('| request | answers |');
  console.log('| --- | --- |');
  for (const [what, list] of statuses) {
    const counts = [...new Set(list)].map((s) => `${list.filter((x) => x === s).length}× ${s || 'closed'}`);
    console.log(`| ${what} | ${counts.join(', ')} |`);
  }
  console.log(`\nburst: ${(burstMs / 1000).toFixed(1)} s; GET /db/ probes: ${latencies.length}`);
  console.log(
    `GET /db/ latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (target: under 100 ms)`,
  );
  console.log(`server RSS: idle ${mb(idle.server)}, peak ${mb(peak.server)}, 5 s after ${mb(after.server)}`);
  console.log(`store RSS:  idle ${mb(idle.store)}, peak ${mb(peak.store)}, 5 s after ${mb(after.store)}`);
}

async function load(url: string, dataDir: string, serverPid: number): Promise<void> {
  const storePid = childPid(serverPid);
  const groups = Math.ceil(CLIENTS / GROUP_SIZE);
  const clients: Array<Client & { email: string; id: string; group: string }> = [];
  for (let g = 0; g < groups; g++) {
    const admin = await confirmedUser(url, dataDir, `admin${g}`);
    const group = String((await admin.call('POST', '/api/groups', { name: `Load ${g}`, kind: 'ticket' })).body.id);
    clients.push(Object.assign(admin, { group }));
    for (let m = 1; m < GROUP_SIZE && clients.length < CLIENTS; m++) {
      const member = await confirmedUser(url, dataDir, `member${g}-${m}`);
      const invite = await admin.call('POST', `/api/groups/${group}/memberships`, {
        email: member.email,
        editor: true,
      });
      await member.call('PUT', `/db/${group}/_design/status/_update/accept/${String(invite.body._id)}`);
      clients.push(Object.assign(member, { group }));
    }
  }
  await sleep(2000);
  for (let round = 1; round <= ROUNDS; round++) await loadRound(round, clients, serverPid, storePid);
}

async function loadRound(
  round: number,
  clients: Array<Client & { email: string; id: string; group: string }>,
  serverPid: number,
  storePid: number | undefined,
): Promise<void> {
  const before = { server: rssKb(serverPid), store: rssKb(storePid) };
  const peak = { ...before };
  const latency: Record<string, number[]> = { login: [], bulk_docs: [], longpoll: [] };
  const errors: string[] = [];
  const acknowledged: Array<{ db: string; id: string; rev: string }> = [];
  const deadline = Date.now() + SECONDS * 1000;
  const sampler = setInterval(() => {
    peak.server = Math.max(peak.server, rssKb(serverPid));
    peak.store = Math.max(peak.store, rssKb(storePid));
  }, 250);

  await Promise.all(
    clients.map(async (client) => {
      let since = 'now';
      while (Date.now() < deadline) {
        let t = performance.now();
        // A device signs in from wherever it is: each attempt from its own address.
        const login = await client.call(
          'POST',
          '/db/_session',
          { username: client.email, password: 'bench password' },
          { 'x-forwarded-for': nextIp() },
        );
        latency.login!.push(performance.now() - t);
        if (login.status !== 200) errors.push(`login ${login.status}`);
        const docs = Array.from({ length: 3 }, () => ({
          _id: `cus-${randomUUID()}`,
          klass: 'Customer',
          name: `Load ${client.email}`,
        }));
        t = performance.now();
        const written = await client.call('POST', `/db/${client.group}/_bulk_docs`, { docs });
        latency.bulk_docs!.push(performance.now() - t);
        if (written.status !== 201 || !Array.isArray(written.body)) errors.push(`bulk_docs ${written.status}`);
        else
          for (const r of written.body as Array<{ id: string; rev?: string; error?: string }>) {
            if (r.rev) acknowledged.push({ db: client.group, id: r.id, rev: r.rev });
            else errors.push(`bulk_docs entry ${r.error}`);
          }
        t = performance.now();
        const poll = await client.call(
          'GET',
          `/db/${client.group}/_changes?feed=longpoll&since=${encodeURIComponent(since)}&timeout=10000&limit=50`,
        );
        latency.longpoll!.push(performance.now() - t);
        if (poll.status !== 200) errors.push(`longpoll ${poll.status}`);
        else since = String(poll.body.last_seq);
      }
    }),
  );
  clearInterval(sampler);

  // Every acknowledged write is there, at the revision acknowledged.
  let missing = 0;
  let otherRev = 0;
  const byDb = new Map<string, typeof acknowledged>();
  for (const a of acknowledged) byDb.set(a.db, [...(byDb.get(a.db) ?? []), a]);
  for (const [db, list] of byDb) {
    const member = clients.find((c) => c.group === db)!;
    for (let i = 0; i < list.length; i += 500) {
      const slice = list.slice(i, i + 500);
      const res = await member.call('POST', `/db/${db}/_all_docs`, { keys: slice.map((a) => a.id) });
      const rows = (res.body.rows ?? []) as Array<{ id?: string; value?: { rev: string }; error?: string }>;
      slice.forEach((a, j) => {
        const row = rows[j];
        if (!row || row.error) missing++;
        else if (row.value?.rev !== a.rev) otherRev++;
      });
    }
  }
  await sleep(5000);
  const after = { server: rssKb(serverPid), store: rssKb(storePid) };
  await sleep(25_000);
  const later = { server: rssKb(serverPid), store: rssKb(storePid) };
  const requests = latency.login!.length + latency.bulk_docs!.length + latency.longpoll!.length;
  const errorKinds = [...new Set(errors)].map((e) => `${errors.filter((x) => x === e).length}× ${e}`);
  console.log(
    `\n## Load, round ${round} of ${ROUNDS}: ${clients.length} clients for ${SECONDS} s (sign-in, _bulk_docs of 3, long poll)\n`,
  );
  console.log('| | figure |');
  console.log('| --- | --- |');
  console.log(
    `| requests | ${requests} (${latency.login!.length} logins, ${latency.bulk_docs!.length} _bulk_docs, ${latency.longpoll!.length} long polls) |`,
  );
  console.log(`| errors | ${errors.length}${errorKinds.length ? ` (${errorKinds.join(', ')})` : ''} |`);
  for (const [name, list] of Object.entries(latency)) {
    console.log(`| ${name} p50 / p95 | ${percentile(list, 50).toFixed(0)} / ${percentile(list, 95).toFixed(0)} ms |`);
  }
  console.log(`| acknowledged writes | ${acknowledged.length}; ${missing} missing, ${otherRev} at another revision |`);
  const rss = (k: 'server' | 'store') =>
    `${mb(before[k])} before, ${mb(peak[k])} peak, ${mb(after[k])} 5 s after, ${mb(later[k])} 30 s after`;
  console.log(`| server RSS | ${rss('server')} |`);
  console.log(`| store RSS | ${rss('store')} |`);
}

const { url, proc, dataDir } = await startServer();
try {
  if (process.env.BENCH_PART !== 'load') await abuse(url, dataDir, proc.pid!);
  if (process.env.BENCH_PART !== 'abuse') await load(url, dataDir, proc.pid!);
} finally {
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
