import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { designDocsFor } from './src/server/store/design-docs.ts';

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
// used, not bundled nor precached. Only the browser's namespaces are served: mail.json is the
// server's. Each file's URL carries a hash of its content, so a changed text misses every cache.
const LOCALES_DIR = new URL('./locales/', import.meta.url);
const BROWSER_NAMESPACES = ['translation'];

function readLocales(): Map<string, string> {
  const files = new Map<string, string>();
  for (const lng of readdirSync(LOCALES_DIR)) {
    for (const ns of BROWSER_NAMESPACES) {
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

// Text files are compressed once at build, with brotli and gzip at their best levels, beside the
// originals: the server sends the one the browser accepts (src/server/routes/pwa-routes.ts).
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'moneta-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          // Below about a packet, compression saves nothing worth a second file.
          if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
          const source = readFileSync(file);
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
          );
        }
      },
    },
  };
}

// The map functions of the design documents the server deploys to group and personal databases,
// as code of the app: the device runs its views without eval (src/data/views.ts), and a page
// policy without 'unsafe-eval' holds. Keyed by the exact source the server deploys.
export function couchViews(): Plugin {
  const id = 'virtual:couch-views';
  return {
    name: 'moneta-couch-views',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      const sources = new Set(
        (['group', 'personal'] as const).flatMap((target) =>
          designDocsFor(target).flatMap((ddoc) => Object.values(ddoc.views ?? {}).map((view) => view.map)),
        ),
      );
      const entries = [...sources].map((source) => `  ${JSON.stringify(source)}: (emit) => (${source}),`);
      return `export const MAP_FUNCTIONS = {\n${entries.join('\n')}\n};\n`;
    },
  };
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(buildId), __LOCALE_VERSIONS__: JSON.stringify(localeVersions) },
  plugins: [
    react(),
    couchViews(),
    versionFile(),
    localeFiles(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'] },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  // No source maps: they would publish the source, and nobody reads them in the field.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1200 },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser on a loaded machine takes its time: polls wait for the state, up to this long.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
