import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { MODULES } from './src/domain/modules/index.ts';
import { RESOURCES } from './src/domain/records/index.ts';
import { designDocsFor } from './src/server/store/design-docs.ts';
import type {
  pageDocument as PageDocumentFn,
  prerender as PrerenderFn,
  themeStyles as ThemeStylesFn,
} from './src/app/prerender.tsx';
import { LAUNCH_NAMES, LAUNCH_SCRIPT } from './src/app/launch-script.ts';
import { THEME_SCRIPT } from './src/app/theme-script.ts';
import { ENTRY_STAGE, loadStages, type StageRoots } from './src/app/load-stages.ts';
import { EXTERNAL_STORE } from './test/support/integration-files.ts';
import SideBySideSequencer from './test/support/side-by-side-sequencer.ts';

// The stages of a visit, each one file of code (src/app/load-stages.ts): the public pages; the
// group's replica; what every group page needs (its layout, the signed-in shell); the group's
// first screens (the dashboard, the lists). A module's own page (the board) comes after the third.
// The public pages are never loaded with a group's: what both need goes to the entry's file.
const LOAD_STAGES: StageRoots = [
  [
    'public',
    [
      'home',
      'user-login',
      'user-register',
      'confirm-new',
      'confirm-token',
      'password-new',
      'password-token',
      'not-found',
      'error',
    ].map((page) => `/src/app/routes/${page}.tsx`),
  ],
  // Opened beside the session check on a group page (src/app/router.tsx): PouchDB and the replica.
  ['replica', ['/src/data/warm-replica.ts']],
  ['group', ['/src/app/group-layout.tsx', '/src/app/signed-in-shell.tsx']],
  ['lists', ['/src/app/routes/account-dashboard.tsx', '/src/app/routes/resource-index.tsx']],
];

function stageGroups(): Rolldown.CodeSplittingGroup[] {
  let stageOf: ((id: string) => string | null) | undefined;
  const stages = [ENTRY_STAGE, ...LOAD_STAGES.map(([stage]) => stage)];
  return stages.map((stage, index) => ({
    debugName: `${stage} stage`,
    priority: stages.length - index,
    name: (id, ctx) => {
      stageOf ??= loadStages((module) => ctx.getModuleInfo(module), LOAD_STAGES, ['public']);
      return stageOf(id) === stage ? stage : null;
    },
  }));
}

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function gitSha(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'nogit';
  }
}

// Every build gets its own id: the server sends it as the app-version header and the client
// compares it with the id it was built with, to notice that a new version was deployed.
const sha = process.env.APP_SHA ?? gitSha();
const buildId = `${pkg.version}+${sha}.${Date.now().toString(36)}`;

function versionFile(): Plugin {
  return {
    name: 'moneta-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: buildId, sha, builtAt: new Date().toISOString() }),
      });
    },
  };
}

// Translations are fetched at run time (src/app/i18n.ts) and cached by the service worker when
// used, not bundled nor precached. Only the browser's namespaces are served: the shared
// translation.json and one file per module (<kind>.json, loaded with its screens); mail.json is
// the server's. Each file's URL carries a hash of its content, so a changed text misses every cache.
const LOCALES_DIR = new URL('./locales/', import.meta.url);
const SERVER_NAMESPACES = ['mail'];

function readLocales(): Map<string, string> {
  const files = new Map<string, string>();
  for (const lng of readdirSync(LOCALES_DIR)) {
    const namespaces = readdirSync(new URL(`${lng}/`, LOCALES_DIR))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((ns) => !SERVER_NAMESPACES.includes(ns))
      .sort();
    for (const ns of namespaces) {
      const json = readFileSync(new URL(`${lng}/${ns}.json`, LOCALES_DIR), 'utf8');
      files.set(`${lng}/${ns}`, JSON.stringify(JSON.parse(json)));
    }
  }
  return files;
}

// Read once for the build, so the files emitted are the ones whose hashes the bundle holds.
const builtLocales = readLocales();
const localeVersions = Object.fromEntries(
  [...builtLocales].map(([file, json]) => [file, createHash('sha256').update(json).digest('hex').slice(0, 10)]),
);

function localeFiles(): Plugin {
  return {
    name: 'moneta-locales',
    // Development: read from disk at every request, so edits show on reload.
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const file = /^\/([\w-]+\/[\w-]+)\.json(\?|$)/.exec(req.url ?? '')?.[1];
        const json = file ? readLocales().get(file) : undefined;
        if (!json) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(json);
      });
    },
    generateBundle() {
      for (const [file, json] of builtLocales) {
        this.emitFile({ type: 'asset', fileName: `locales/${file}.json`, source: json });
      }
    },
  };
}

const define = {
  __APP_VERSION__: JSON.stringify(buildId),
  __LOCALE_VERSIONS__: JSON.stringify(localeVersions),
  __PRERENDER__: 'false',
};

// The theme is chosen before the first paint, by a script inline in <head> (its hash is in the
// page's CSP, src/server/http/security-headers.ts): no flash of the wrong colours. Then, at the
// top of <body>, the group page last left is drawn while the app's code loads (launch-script.ts).
function themeScript(): Plugin {
  return {
    name: 'moneta-theme-script',
    transformIndexHtml: () => [
      { tag: 'script', children: THEME_SCRIPT, injectTo: 'head-prepend' },
      { tag: 'script', children: LAUNCH_SCRIPT, injectTo: 'body-prepend' },
    ],
  };
}

/**
 * Until the app has taken a page rendered ahead over, its buttons have no code behind them: a
 * tap on one is held, kept from the browser's own handling, and played again by the app once it
 * has taken over (main.tsx). Links still work as links, and a form that posts works as a form:
 * the server does what the app would (src/server/routes/public-forms.ts), so a phone can sign in
 * before the app's code has arrived.
 */
const EARLY_EVENTS = `(function(){var q=[];function h(e){var t=e.target;if(!(t instanceof Element)||t.closest('form[method=post]'))return;var el=e.type==='submit'?t:t.closest('button,[role=button],[role=combobox],input[type=checkbox],input[type=radio],input[type=submit]');if(!el)return;e.preventDefault();e.stopPropagation();q.push({type:e.type,el:el,submitter:e.submitter||null})}document.addEventListener('click',h,true);document.addEventListener('submit',h,true);window.__earlyEvents=function(){document.removeEventListener('click',h,true);document.removeEventListener('submit',h,true);var r=q;q=[];return r}})()`;

/**
 * A page is drawn without waiting for its scripts (the boot bar, or a page rendered ahead, whole
 * without them): they are asked for once it is drawn, not beside the first paint's bytes (on a
 * slow link, the app's code would otherwise share the line with the page a person is waiting to
 * see). An inline script, allowed by its hash in the CSP; at the latest a second on (a tab opened
 * behind paints nothing). A launch that draws the page last left (launch-script.ts) asks at once:
 * that page and the code both come from the device, no line to share.
 */
function loadScriptsAfterPaint(): Plugin {
  return {
    name: 'moneta-scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const scripts = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
        if (!scripts.length) throw new Error('index.html has no module script');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let page = html;
        for (const [tag] of [...scripts, ...preloads]) page = page.replace(tag, '');
        const add = (tag: string, attribute: string, files: RegExpExecArray[], extra: string) =>
          `${JSON.stringify(files.map(([, href]) => href))}.forEach(function(h){var e=document.createElement('${tag}');${extra}e.${attribute}=h;e.crossOrigin='';document.head.appendChild(e)});`;
        const boot = `(function(){var done=0;function go(){if(done++)return;${add('link', 'href', preloads, "e.rel='modulepreload';")}${add('script', 'src', scripts, "e.type='module';e.async=false;")}}if(document.documentElement.hasAttribute('${LAUNCH_NAMES.attribute}'))go();try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true})}catch(e){}setTimeout(go,1000)})()`;
        return page.replace('</body>', `<script>${boot}</script></body>`);
      },
    },
  };
}

/** A step run once the build's files are written, on its output directory, in plugin order. */
function afterBuild(name: string, handler: (outDir: string) => void | Promise<void>): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: { order: 'post', sequential: true, handler: () => handler(outDir) },
  };
}

// The public pages a visitor lands on, rendered in Node after the browser build
// (src/app/prerender.tsx) into copies of index.html, one per page and language, under
// prerendered/ with a list the server reads (src/server/routes/pwa-routes.ts). Not precached:
// the service worker serves the app's own index.html.
function prerenderPages(): Plugin {
  return afterBuild('moneta-prerender', async (outDir) => {
    // Kept beside the build for the server, which draws the other public pages with it; never
    // served (src/server/routes/pwa-routes.ts).
    const ssrDir = path.join(outDir, 'ssr');
    await build({
      configFile: false,
      logLevel: 'warn',
      define: { ...define, __PRERENDER__: 'true' },
      plugins: [react(), couchViews(), pageTable()],
      publicDir: false,
      ssr: { noExternal: true },
      build: { ssr: 'src/app/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
    });
    const entry = pathToFileURL(path.join(ssrDir, 'prerender.js')).href;
    const { prerender, pageDocument, themeStyles } = (await import(entry)) as {
      prerender: typeof PrerenderFn;
      pageDocument: typeof PageDocumentFn;
      themeStyles: typeof ThemeStylesFn;
    };
    // The public pages show no module's screens: the shared file is all they need.
    const resources = Object.fromEntries(
      [...builtLocales]
        .filter(([file]) => file.endsWith('/translation'))
        .map(([file, json]) => [file.split('/')[0]!, { translation: JSON.parse(json) }]),
    );
    const template = readFileSync(path.join(outDir, 'index.html'), 'utf8').replace(
      '</head>',
      `<script>${EARLY_EVENTS}</script></head>`,
    );
    writeFileSync(path.join(ssrDir, 'pages.json'), JSON.stringify({ resources, template }));
    const dir = path.join(outDir, 'prerendered');
    mkdirSync(dir, { recursive: true });
    const list = [];
    for (const page of await prerender(resources)) {
      const file = `${page.path === '/' ? 'home' : page.path.slice(1).replace(/\W/g, '-')}.${page.locale}.html`;
      writeFileSync(path.join(dir, file), pageDocument(template, page));
      list.push({ path: page.path, locale: page.locale, file });
    }
    writeFileSync(path.join(dir, 'pages.json'), JSON.stringify(list));
    // After the pages above, which carry the same styles from their own rendering.
    const index = path.join(outDir, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('</head>', `${themeStyles()}</head>`));
  });
}

// Text files are compressed once at build, with brotli and gzip at their best levels, beside the
// originals: the server sends the one the browser accepts (src/server/routes/pwa-routes.ts).
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(file) : [file];
    });
  return afterBuild('moneta-precompress', (outDir) => {
    const server = path.join(outDir, 'ssr') + path.sep;
    for (const file of walk(outDir)) {
      // The server's own renderer is read from disk, never sent.
      if (file.startsWith(server)) continue;
      // Below about a packet, compression saves nothing worth a second file.
      if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
      const source = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
      );
    }
  });
}

/** A module of code the build writes (`import … from 'virtual:…'`). */
function virtualModule(id: string, source: () => string): Plugin {
  return {
    name: `moneta-${id.replace('virtual:', '')}`,
    resolveId: (requested) => (requested === id ? `\0${id}` : null),
    load: (loaded) => (loaded === `\0${id}` ? source() : null),
  };
}

// The map functions of the design documents the server deploys to group and personal databases,
// as code of the app: the device runs its views without eval (src/data/views.ts), and a page
// policy without 'unsafe-eval' holds. Keyed by the exact source the server deploys.
export function couchViews(): Plugin {
  return virtualModule('virtual:couch-views', () => {
    const sources = new Set(
      (['group', 'personal'] as const).flatMap((target) =>
        designDocsFor(target).flatMap((ddoc) => Object.values(ddoc.views ?? {}).map((view) => view.map)),
      ),
    );
    const entries = [...sources].map((source) => `  ${JSON.stringify(source)}: (emit) => (${source}),`);
    return `export const MAP_FUNCTIONS = {\n${entries.join('\n')}\n};\n`;
  });
}

// The route table's share of the modules' descriptions (their pages, the resources' screens),
// worked out at build: the router then needs none of the records' code, which the public pages
// would otherwise download (src/app/pages.tsx).
export function pageTable(): Plugin {
  return virtualModule('virtual:page-table', () => {
    const modulePages = MODULES.filter((m) => m.built).flatMap((m) =>
      m.pages.map((page) => ({
        kind: m.kind,
        feature: m.feature,
        name: page.name,
        path: page.path,
        title: page.title,
        recordParts: page.recordParts ?? null,
      })),
    );
    const resources = RESOURCES.map(({ resource, screens }) => ({ resource, screens: screens ?? null }));
    return `export const MODULE_PAGES = ${JSON.stringify(modulePages)};\nexport const RESOURCE_SCREENS = ${JSON.stringify(resources)};\n`;
  });
}

const INTEGRATION = {
  include: ['test/integration/**/*.test.ts'],
  options: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files of a worker share its modules: each file imported the server's graph anew (about
    // 0.85 s of CPU), and CI is CPU-bound. Every file starts and stops its own servers and stores,
    // and puts back the globals it stubs. Measured: docs/testing.md.
    isolate: false,
  },
  /** Run once more against an external store, chosen file by file (test/support/integration-files.ts). */
  external: EXTERNAL_STORE,
  /** Run once more with file contents in an S3-compatible store (project `integration-s3`). */
  s3: ['test/integration/disk*.test.ts'],
};

export default defineConfig({
  define,
  plugins: [
    react(),
    themeScript(),
    loadScriptsAfterPaint(),
    couchViews(),
    pageTable(),
    versionFile(),
    localeFiles(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        globIgnores: ['prerendered/**', 'ssr/**'],
      },
      devOptions: { enabled: false },
    }),
    prerenderPages(),
    // A build made only inside a test (test/e2e/pwa.test.ts's next version) is served to one
    // browser on this machine: brotli at its best level was half a minute of its CPU.
    ...(process.env.MONETA_PRECOMPRESS === 'off' ? [] : [precompress()]),
  ],
  // No source maps: they would publish the source, and nobody reads them in the field.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: stageGroups() } } },
  },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // One pool for every project, two files at a time on this 2-core machine, dealt so that the
    // end-to-end files and the others run side by side and end together
    // (test/support/side-by-side-sequencer.ts). Without a number here vitest gives one worker per
    // core less one, and a project with a number of its own runs in a group of its own, before or
    // after the rest. Three workers were tried on a shared machine: docs/testing.md.
    maxWorkers: 2,
    sequence: { sequencer: SideBySideSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // Screens rendered by React DOM (what ships) on happy-dom, with the real data layer on
          // fake-indexeddb and the real English texts (test/support/component-setup.ts).
          name: 'component',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/support/component-setup.ts'],
          globalSetup: ['test/support/component-global-setup.ts'],
          // The first screen of a file loads MUI and PouchDB: seconds on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: INTEGRATION.include, ...INTEGRATION.options },
      },
      {
        extends: true,
        test: {
          // The files of the store's contract again, against a store started apart and reached by
          // COUCHDB_URL (test/support/external-store.ts), as production on Apache CouchDB;
          // docs/deploy.md. Which files, and why: docs/testing.md.
          name: 'integration-external',
          include: INTEGRATION.external,
          setupFiles: ['test/support/external-store.ts'],
          ...INTEGRATION.options,
        },
      },
      {
        extends: true,
        test: {
          // The disk's files again, its contents in an S3-compatible store (s3rver) reached by
          // S3_URL, as instances share one in production (test/support/s3-store.ts; docs/disk.md).
          name: 'integration-s3',
          include: INTEGRATION.s3,
          setupFiles: ['test/support/s3-store.ts'],
          ...INTEGRATION.options,
        },
      },
      // Measurements that need the test runner (the replica's code on fake-indexeddb): `npm run
      // bench:outbox` sets VITEST_BENCH; without it the project does not exist.
      ...(process.env.VITEST_BENCH
        ? [{ extends: true, test: { name: 'bench', include: ['test/bench/*.measure.ts'], testTimeout: 600_000 } }]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // As the integration files: each starts its own server and browser, and stops them.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A browser on a loaded machine takes its time: polls wait for the state, up to this long.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
