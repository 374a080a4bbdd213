// A benchmark's browser-side entry, bundled in memory with the app's own code, for a page to load.
import { build } from 'vite';
import { couchViews } from '../../vite.config.ts';

export async function bundleForBrowser(entry: string): Promise<string> {
  const bundle = await build({
    configFile: false,
    logLevel: 'error',
    define: { __APP_VERSION__: '"bench"', 'process.env.NODE_ENV': '"production"' },
    plugins: [couchViews()],
    build: {
      write: false,
      lib: { entry, formats: ['es'], fileName: 'bench' },
      minify: true,
    },
  });
  const output = (Array.isArray(bundle) ? bundle[0] : bundle) as { output: Array<{ code?: string }> };
  return output.output.find((o) => o.code)!.code!;
}
