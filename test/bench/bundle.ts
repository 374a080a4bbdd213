// What benchmarks build: the app itself, and a browser-side entry bundled with the app's code.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { couchViews, pageTable } from '../../vite.config.ts';

/** `minify: false` keeps the functions' names, for a CPU profile (BENCH_PROFILE). */
export async function bundleForBrowser(entry: string, { minify = true } = {}): Promise<string> {
  const bundle = await build({
    configFile: false,
    logLevel: 'error',
    define: { __APP_VERSION__: '"bench"', __PRERENDER__: 'false', 'process.env.NODE_ENV': '"production"' },
    plugins: [couchViews(), pageTable()],
    build: {
      write: false,
      lib: { entry, formats: ['es'], fileName: 'bench' },
      minify,
      // One file, served as one script: code the app loads on demand (pouchdb-find) comes inside it.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const output = (Array.isArray(bundle) ? bundle[0] : bundle) as { output: Array<{ code?: string }> };
  return output.output.find((o) => o.code)!.code!;
}

/** The production build, in a temporary directory, or the one BENCH_DIST names (e.g. dist). */
export async function buildApp(): Promise<{ dir: string; temporary: boolean }> {
  if (process.env.BENCH_DIST) return { dir: path.resolve(process.env.BENCH_DIST), temporary: false };
  const dir = mkdtempSync(path.join(tmpdir(), 'moneta-bench-dist-'));
  // Not minified when profiling, so that functions keep their names.
  const minify = process.env.BENCH_PROFILE !== '1';
  await build({ logLevel: 'error', build: { outDir: dir, emptyOutDir: true, minify } });
  return { dir, temporary: true };
}
