// npm run bench:tickets — a benchmark, not a test: prints figures.
// A group with 10,000 realistic tickets and their customers, equipment and categories, seeded on
// the embedded server and pulled by the app itself into IndexedDB in headless Chromium (its
// indexes and views built in the background as on a person's device). Then, from that replica:
// the ticket list's first rows (a full page load and an in-app navigation), as the installed app
// launches (the page kept on the device drawn, the app's own first row, the same with no page
// kept), a launch at the start address to the dashboard, a search typed in the list, and the
// board. Each figure is the median of a few runs, against the 300 ms target (launches: 500).
// BENCH_TICKETS changes the size, BENCH_RUNS the runs, BENCH_DIST reuses a build (e.g. dist).
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { buildApp, bundleForBrowser } from './bundle.ts';
import { startProfile } from './profile.ts';
import { startTimeline } from './timeline.ts';
import { newId } from '../../src/domain/ids.ts';
import { DESKTOP, launchBrowser, newContext } from '../e2e/support/browser.ts';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { startTestServer } from '../support/test-server.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 300;
/** Issue 29: a home-screen launch of the installed app, the group on the device, to its first rows. */
const LAUNCH_TARGET_MS = 500;
/** The list's pause after typing before it searches (src/components/resource/resource-index-page.tsx). */
const SEARCH_PAUSE_MS = 250;
const ROW = '[data-record]';
const TRACE = process.env.BENCH_TRACE === '1';
/** BENCH_PROFILE=1: the last page load's JavaScript, by function, as Chromium's profiler saw it. */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** BENCH_TIMELINE=1: the last page load's main thread, by kind of work, from Chromium's trace. */
const TIMELINE = process.env.BENCH_TIMELINE === '1';

const step = (what: string) => TRACE && console.log(`[${new Date().toISOString().slice(11, 19)}] ${what}`);
const BOARD_READY = '[data-testid="ticket-board"][aria-busy="false"]';

const TITLES = [
  'Ar-condicionado não gela',
  'Troca de filtro',
  'Geladeira fazendo barulho',
  'Revisão preventiva',
  'Máquina de lavar vazando',
  'Instalação de split',
  'Bomba d’água não liga',
  'Forno elétrico sem aquecer',
  'Manutenção do gerador',
  'Limpeza de dutos',
  'Painel elétrico desarmando',
  'Câmara fria com gelo',
  'Portão eletrônico travado',
  'Vazamento no aquecedor',
  'Troca de compressor',
  'Calibração de balança',
  'Troca de termostato',
  'Disjuntor queimando',
  'Bebedouro sem pressão',
  'Coifa com ruído',
];
/** Words of one title each (about one ticket in 20): what a person searches for. */
const SEARCHED = ['compressor', 'termostato', 'disjuntor'];
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Hugo', 'Isabel', 'João'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Costa', 'Rodrigues', 'Almeida', 'Nascimento', 'Lima'];
const STATUSES = ['done', 'done', 'done', 'done', 'cancel', 'open', 'open', 'doing', 'review', 'block'];
const PRIORITIES = ['low', 'medium', 'medium', 'high'];
const KINDS = ['chore', 'bug', 'story'];
const PROSE =
  'Cliente relata que o equipamento apresenta falha intermitente desde a última visita. ' +
  'Verificar conexões, medir tensão na entrada e registrar as leituras antes de trocar qualquer peça. ';
const prose = (n: number, offset: number) =>
  PROSE.repeat(Math.ceil((n + offset) / PROSE.length) + 1).slice(offset, offset + n);

interface Seed {
  docs: Array<Record<string, unknown>>;
  /** The newest ticket holding each searched word, and how many hold it. */
  searched: Record<string, { newest: string; count: number }>;
}

function seed(userId: string, tickets: number): Seed {
  const docs: Array<Record<string, unknown>> = [];
  const stamp = (at: Date) => ({
    created_at: at.toISOString(),
    created_by: userId,
    updated_at: at.toISOString(),
    updated_by: userId,
  });
  const start = Date.now();
  const customers = Array.from({ length: Math.max(1, Math.round(tickets / 10)) }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}`;
    const doc = {
      _id: newId('Customer'),
      klass: 'Customer',
      name,
      email: `cliente${i}@example.com`,
      phones: [{ main: true, description: 'Celular', number: `+55 11 9${String(10_000_000 + i).slice(-8)}` }],
      addresses: [{ main: true, street: 'Rua das Palmeiras', number: String(i), city: 'Campinas', state: 'SP' }],
      ...stamp(new Date(start - (tickets + i) * 60_000)),
    };
    docs.push(doc);
    return doc._id;
  });
  const equipment = customers.slice(0, Math.ceil(customers.length / 2)).map((customer, i) => {
    const doc = {
      _id: newId('Equipment'),
      klass: 'Equipment',
      identifier: `SN-${100_000 + i}`,
      description: 'Split 12.000 BTU',
      maker: 'Acme',
      customer_id: customer,
      ...stamp(new Date(start - (2 * tickets + i) * 60_000)),
    };
    docs.push(doc);
    return doc._id;
  });
  const categories = ['Refrigeração', 'Elétrica', 'Hidráulica', 'Preventiva'].map((name, i) => {
    const doc = {
      _id: newId('Category'),
      klass: 'Category',
      name,
      active: true,
      color: '#1976d2',
      ...stamp(new Date(start - i)),
    };
    docs.push(doc);
    return doc._id;
  });
  const searched: Seed['searched'] = {};
  for (let i = 0; i < tickets; i++) {
    // Newest first: ticket 0 was opened a minute ago, the oldest about a week ago per 10,000.
    const at = new Date(start - (i + 1) * 60_000);
    const title = `${TITLES[i % TITLES.length]} ${i % 7 === 0 ? 'urgente' : ''}`.trim();
    const id = newId('Ticket');
    for (const word of SEARCHED) {
      if (!title.toLowerCase().includes(word)) continue;
      searched[word] ??= { newest: id, count: 0 };
      searched[word].count++;
    }
    const customer = customers[(i * 13) % customers.length]!;
    docs.push({
      _id: id,
      klass: 'Ticket',
      number: `1-${tickets - i}`,
      title,
      status: STATUSES[i % STATUSES.length],
      priority: PRIORITIES[i % PRIORITIES.length],
      ticket_kind: KINDS[i % KINDS.length],
      customer_id: customer,
      ...(i % 2 === 0 ? { equipment_id: equipment[(i / 2) % equipment.length] } : {}),
      category_id: categories[i % categories.length],
      technical_id: userId,
      content: prose(500, i % 97),
      problem: prose(160, i % 53),
      ...(i % 3 === 0 ? { estimation: (i % 40) + 0.5 } : {}),
      ...stamp(at),
    });
  }
  return { docs, searched };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Notes, in page time (ms since the navigation started), when the first list row and the ready
 * board reach the DOM: a mutation observer sees them as React commits, before the next paint.
 */
function watchMarks({
  rowSelector,
  boardSelector,
  dashboardPath,
}: {
  rowSelector: string;
  boardSelector: string;
  dashboardPath: string;
}): void {
  const w = window as unknown as { __marks: Record<string, number>; __resetMarks: () => void };
  w.__marks = {};
  w.__resetMarks = () => {
    w.__marks = {};
  };
  const check = () => {
    const now = performance.now();
    if (w.__marks.shell === undefined && document.querySelector('header')) w.__marks.shell = now;
    if (w.__marks.h1 === undefined && document.querySelector('main h1')) w.__marks.h1 = now;
    if (w.__marks.row === undefined && document.querySelector(rowSelector)) w.__marks.row = now;
    if (w.__marks.boardDrawn === undefined && document.querySelector('[data-testid="ticket-board"]'))
      w.__marks.boardDrawn = now;
    if (w.__marks.board === undefined && document.querySelector(boardSelector)) w.__marks.board = now;
    // The dashboard's own heading: during the redirect the address bar shows its address while
    // the home page is still drawn.
    if (
      w.__marks.dashboard === undefined &&
      location.pathname === dashboardPath &&
      document.querySelector('main h1')?.textContent === 'Dashboard' &&
      !document.querySelector('main [aria-busy="true"]')
    )
      w.__marks.dashboard = now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-busy', 'data-record'],
  });
}

async function mark(page: Page, name: 'row' | 'board' | 'dashboard', timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    (n) => (window as unknown as { __marks: Record<string, number> }).__marks[n],
    name,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * An in-app navigation, as from the menu: from the group's dashboard to `url` through the
 * router (history and popstate), timed until the mark shows.
 */
async function navigate(page: Page, url: string, name: 'row' | 'board'): Promise<number> {
  const started = await page.evaluate(async (to) => {
    const w = window as unknown as { __resetMarks: () => void };
    history.pushState({}, '', to.split('/').slice(0, 3).join('/'));
    dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((r) => setTimeout(r, 500));
    w.__resetMarks();
    const start = performance.now();
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return start;
  }, url);
  return (await mark(page, name, 30_000)) - started;
}

/**
 * Closes the page as a person leaves the app: it is hidden first (`pagehide`), which is when the
 * app keeps it for the next launch (launch-snapshot.ts); a bare close skips the page's handlers.
 */
async function leave(page: Page): Promise<void> {
  await Promise.all([page.waitForEvent('close'), page.close({ runBeforeUnload: true })]);
}

/** When the first paint showed the page kept on the device (launch-script.ts), if it did. */
function keptPagePaint(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const shown = performance.getEntriesByName('moneta:launch')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return shown && paint ? Math.max(shown.startTime, paint.startTime) : null;
  });
}

async function bundleEntry(): Promise<string> {
  return bundleForBrowser('test/bench/tickets-entry.ts');
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`.padStart(8);
const verdict = (ms: number, target = TARGET_MS) => (ms <= target ? 'ok' : `over by ${(ms - target).toFixed(0)} ms`);

const dist = await buildApp();
const entry = await bundleEntry();
const server = await startTestServer({ env: { DIST_DIR: dist.dir } });
const browser = await launchBrowser();
try {
  const owner = await registerUser(server.url);
  await confirmUser(server, owner);
  const db = await createGroup(owner, 'Bench Oficina');
  const { docs, searched } = seed(owner.id, TICKETS);
  let seeding = performance.now();
  for (let i = 0; i < docs.length; i += 1000) {
    const res = await owner.client.post(`/db/${db}/_bulk_docs`, { docs: docs.slice(i, i + 1000) });
    const refused = Array.isArray(res.body) ? (res.body as Array<{ error?: string }>).filter((r) => r.error) : [];
    if (res.status !== 201 || refused.length > 0)
      throw new Error(`seeding failed: ${res.status} ${JSON.stringify(refused[0] ?? res.body)}`);
  }
  seeding = performance.now() - seeding;
  const bytes = JSON.stringify(docs).length / docs.length;

  // The installed app's launches below are answered by its service worker, as in a person's browser.
  const context = await newContext(browser, server.url, DESKTOP, { installs: true });
  await context.addCookies(owner.client.browserCookies());
  await context.route('**/tickets-bench.js', (route) => route.fulfill({ contentType: 'text/javascript', body: entry }));
  // tsx keeps function names with a `__name` helper that functions sent to the page call.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await context.addInitScript(watchMarks, {
    rowSelector: ROW,
    boardSelector: BOARD_READY,
    dashboardPath: `/account/${db}`,
  });
  const listUrl = `/account/${db}/tickets`;
  const boardUrl = `/account/${db}/ticket-board`;

  const open = async (url: string): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    // Failed loads are the replica's own probes (a missing _local document is a 404).
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) console.error('console:', m.text());
    });
    await page.goto(url, { waitUntil: 'commit' });
    return page;
  };
  const status = async (page: Page) => {
    if (!(await page.evaluate(() => 'ticketsBench' in window))) {
      await page.addScriptTag({ url: '/tickets-bench.js', type: 'module' });
      await page.waitForFunction(() => 'ticketsBench' in window);
    }
    return page.evaluate((d) => window.ticketsBench.status(d), db);
  };

  // The first visit: the app pulls the group and builds its indexes and views in idle time.
  let pulled = performance.now();
  const pullStartedAt = Date.now();
  // What the first visit downloads of the group's documents (each document once is the floor).
  const pulledBytes = { docs: 0, requests: 0 };
  context.on('requestfinished', (request) => {
    // BENCH_TRACE: each call of the pull, when it was asked (since the visit began) and how long the server took.
    if (TRACE && /\/db\/[^/]+\/_(changes|bulk_get|all_docs|revs_diff|bulk_docs)/.test(request.url())) {
      const t = request.timing();
      const asked = t.startTime - pullStartedAt;
      console.log(
        `  ${request.method()} ${request
          .url()
          .replace(/^.*\/db\/[^/]+\//, '')
          .slice(
            0,
            60,
          )} asked at ${(asked / 1000).toFixed(1)} s, answered in ${(t.responseStart - t.requestStart).toFixed(0)} ms, body ${(t.responseEnd - t.responseStart).toFixed(0)} ms`,
      );
    }
    if (!request.url().includes('/_bulk_get')) return;
    pulledBytes.requests++;
    void request.sizes().then(
      (sizes) => (pulledBytes.docs += sizes.responseBodySize),
      () => undefined,
    );
  });
  const first = await open(listUrl);
  // The list is usable while the group comes down: its first rows, since navigation start.
  const firstRowMs = await mark(first, 'row', 30 * 60_000);
  const expected = (await owner.client.get<{ doc_count: number }>(`/db/${db}`)).body.doc_count;
  let pullMs = 0;
  for (;;) {
    const s = await status(first);
    const now = performance.now();
    if (s.docCount >= expected && pullMs === 0) pullMs = now - pulled;
    const { missing } = s;
    if (s.docCount >= expected && missing.length === 0) break;
    if (now - pulled > 30 * 60_000)
      throw new Error(`replica not ready: ${s.docCount} documents, missing ${missing.join(' ')}`);
    if (TRACE) console.log(`replica: ${s.docCount}/${expected} documents, ${missing.length} to build: ${missing[0]}`);
    await first.waitForTimeout(2000);
  }
  pulled = performance.now() - pulled;
  const firstVisit = { ...pulledBytes };
  await first.close();

  step('page loads');
  // Ticket list, full page load: navigation start to the first row in the DOM.
  const loads: number[] = [];
  const launches: number[] = [];
  // The page last left, drawn by the page's own script before the app's code (launch-script.ts):
  // when the first paint showed it, on loads that had it.
  const keptPages: number[] = [];
  const bareLaunches: number[] = [];
  let keptSize = 0;
  for (let i = 0; i < RUNS; i++) {
    const requests: Array<{ url: string; start: number; end: number }> = [];
    const page = await context.newPage();
    if (TRACE && i === RUNS - 1)
      page.on('requestfinished', (r) => {
        const t = r.timing();
        requests.push({ url: r.url(), start: t.startTime, end: t.startTime + Math.max(0, t.responseEnd) });
      });
    const profiling = PROFILE && i === RUNS - 1 ? await startProfile(page) : null;
    const timeline = TIMELINE && i === RUNS - 1 ? await startTimeline(browser, page, listUrl) : null;
    await page.goto(listUrl, { waitUntil: 'commit' });
    loads.push(await mark(page, 'row'));
    if (timeline) await timeline(loads.at(-1)!);
    // As the installed app opens: the page from the service worker, the group from the device.
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) {
      launches.push(loads.at(-1)!);
      const kept = await keptPagePaint(page);
      if (kept !== null) keptPages.push(kept);
      keptSize = await page.evaluate(() => localStorage.getItem('moneta.launch')?.length ?? 0);
    }
    if (profiling) await profiling();
    if (requests.length > 0) {
      const origin = await page.evaluate(() => performance.timeOrigin);
      const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
      console.log('page load, ms since navigation start:', JSON.stringify(marks));
      for (const r of requests.filter((q) => q.start - origin < marks.row! + 50))
        console.log(
          `  ${fmt(r.start - origin)} → ${fmt(r.end - origin)}  ${r.url.replace(server.url, '').slice(0, 110)}`,
        );
    }
    await page.waitForTimeout(500);
    await leave(page);
    // The same launch with no page kept (removed before the page's scripts run), right after:
    // what drawing the kept page costs the app's own first row.
    if (keptPages.length > 0) {
      const bare = await context.newPage();
      await bare.addInitScript(() => {
        localStorage.removeItem('moneta.launch');
        localStorage.removeItem('moneta.launch.home');
      });
      await bare.goto(listUrl, { waitUntil: 'commit' });
      bareLaunches.push(await mark(bare, 'row'));
      await bare.waitForTimeout(500);
      await leave(bare);
    }
  }

  step('home-screen launches');
  // The installed app opened from the home screen: its start address, '/', sends a person with one
  // group to its dashboard (spec 000 §2, the redirect after a session load).
  const homeLaunches: number[] = [];
  const keptDashboards: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'commit' });
    homeLaunches.push(await mark(page, 'dashboard'));
    const kept = await keptPagePaint(page);
    if (kept !== null) keptDashboards.push(kept);
    // Left once the app has kept the dashboard for the next launch (a person looks at it first).
    if (await page.evaluate(() => localStorage.getItem('moneta.launch') !== null))
      await page.waitForFunction(
        (path) =>
          (JSON.parse(localStorage.getItem('moneta.launch.home') ?? 'null') as { path?: string } | null)?.path === path,
        `/account/${db}`,
        { timeout: 20_000 },
      );
    await leave(page);
  }

  step('in-app navigation');
  // Ticket list, in-app navigation from the dashboard (as from the menu), and the search.
  const page = await open(listUrl);
  await mark(page, 'row');
  const navigations: number[] = [];
  for (let i = 0; i < RUNS; i++) navigations.push(await navigate(page, listUrl, 'row'));

  step('search');
  const searches: number[] = [];
  const queries: number[] = [];
  const search = page.locator('input[name="q"]');
  for (const word of SEARCHED.slice(0, Math.max(1, RUNS))) {
    const target = searched[word];
    if (!target) throw new Error(`no ticket holds "${word}"`);
    await page.waitForTimeout(500);
    await page.evaluate(
      ([id, rowSelector]) => {
        const w = window as unknown as { __search: { start?: number; done?: number } };
        w.__search = {};
        document.addEventListener('input', () => (w.__search.start ??= performance.now()), {
          capture: true,
          once: true,
        });
        const check = () => {
          const rows = document.querySelectorAll(rowSelector!);
          if (w.__search.start !== undefined && rows[0]?.getAttribute('data-record') === id) {
            w.__search.done = performance.now();
            observer.disconnect();
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      },
      [target.newest, ROW] as const,
    );
    await search.fill(word);
    const handle = await page.waitForFunction(
      () => {
        const s = (window as unknown as { __search: { start?: number; done?: number } }).__search;
        return s.done !== undefined && s.start !== undefined ? s.done - s.start : undefined;
      },
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    searches.push((await handle.jsonValue()) as number);
    const query = await status(page).then(() =>
      page.evaluate(
        ([d, w]) =>
          window.ticketsBench.list(d!, {
            klass: 'Ticket',
            search: w,
            sort: 'created_at',
            direction: 'desc',
            page: 1,
            perPage: 25,
          }),
        [db, word] as const,
      ),
    );
    if (query.total !== target.count) throw new Error(`"${word}": ${query.total} found, ${target.count} expected`);
    queries.push(query.ms);
    await search.fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
  }
  const plain: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const q = await page.evaluate(
      (d) =>
        window.ticketsBench.list(d, { klass: 'Ticket', sort: 'created_at', direction: 'desc', page: 1, perPage: 25 }),
      db,
    );
    plain.push(q.ms);
  }
  const boardNavigations: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    try {
      boardNavigations.push(await navigate(page, boardUrl, 'board'));
    } catch {
      break;
    }
  }
  const parts: Array<Record<string, number>> = [];
  for (let i = 0; i < RUNS; i++) parts.push(await page.evaluate((d) => window.ticketsBench.parts(d), db));
  await page.close();

  step('board');
  // The board: navigation start until it says it is no longer busy.
  const boards: number[] = [];
  let boardMissing = '';
  for (let i = 0; i < RUNS && !boardMissing; i++) {
    let board: Page;
    let profiling: Awaited<ReturnType<typeof startProfile>> | null = null;
    if (PROFILE && i === RUNS - 1) {
      board = await context.newPage();
      profiling = await startProfile(board);
      await board.goto(boardUrl, { waitUntil: 'commit' });
    } else board = await open(boardUrl);
    try {
      boards.push(await mark(board, 'board', 30_000));
      if (profiling) {
        console.log(
          'board:',
          JSON.stringify(await board.evaluate(() => (window as unknown as { __marks: unknown }).__marks)),
        );
        await profiling();
      }
    } catch {
      boardMissing = `no ${BOARD_READY} within 30 s`;
    }
    await board.close();
  }

  const row = (label: string, values: number[], target: number | null = TARGET_MS) =>
    console.log(
      `${label.padEnd(52)}${fmt(median(values))}  (runs: ${values.map((v) => v.toFixed(0)).join(', ')})${
        target === null ? '' : `  target ${target} ms: ${verdict(median(values), target)}`
      }`,
    );
  console.log(
    `tickets: ${TICKETS}, documents: ${docs.length} (~${Math.round(bytes)} bytes each); seeded in ${(seeding / 1000).toFixed(1)} s`,
  );
  console.log(
    `first visit: first rows at ${(firstRowMs / 1000).toFixed(1)} s, pulled in ${(pullMs / 1000).toFixed(1)} s, indexes and views built by ${(pulled / 1000).toFixed(1)} s`,
  );
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(
    `first visit: documents downloaded ${mb(firstVisit.docs)} in ${firstVisit.requests} requests (the group's documents: ${mb(bytes * docs.length)} as JSON)`,
  );
  row('ticket list, page load to first row', loads);
  if (launches.length === loads.length) {
    if (keptPages.length > 0)
      row(
        `  installed app: the page last left drawn (${keptPages.length} of ${launches.length}, ${Math.round(keptSize / 1000)} K chars)`,
        keptPages,
        LAUNCH_TARGET_MS,
      );
    row('  installed app: the app’s own first row', launches, LAUNCH_TARGET_MS);
    if (bareLaunches.length > 0)
      row('  installed app: the app’s own first row, no page kept', bareLaunches, LAUNCH_TARGET_MS);
  } else console.log(`installed app: the service worker controlled ${launches.length} of ${loads.length} page loads`);
  if (keptDashboards.length > 0)
    row(
      `home-screen launch (/): the dashboard kept drawn (${keptDashboards.length} of ${homeLaunches.length})`,
      keptDashboards,
      LAUNCH_TARGET_MS,
    );
  row('home-screen launch (/): the app’s own dashboard drawn', homeLaunches, LAUNCH_TARGET_MS);
  row('ticket list, in-app navigation to first row', navigations);
  row(`search, typing to filtered rows (with ${SEARCH_PAUSE_MS} ms pause)`, searches);
  row(
    'search, after the pause',
    searches.map((s) => s - SEARCH_PAUSE_MS),
  );
  row(`  listRecords with a word (~${Math.round(TICKETS / TITLES.length)} hits)`, queries, null);
  row('  listRecords, first page without search', plain, null);
  for (const part of Object.keys(parts[0] ?? {}))
    row(
      `    ${part}`,
      parts.map((p) => p[part]!),
      null,
    );
  if (boardMissing) console.log(`board: not measured (${boardMissing})`);
  else row('board, page load to aria-busy="false"', boards);
  if (boardNavigations.length > 0) row('board, in-app navigation to aria-busy="false"', boardNavigations);
} finally {
  await browser.close();
  await server.stop();
  if (dist.temporary) rmSync(dist.dir, { recursive: true, force: true });
}
// Handles left open after the cleanup (the build, the embedded store) would keep the process alive.
process.exit(0);
