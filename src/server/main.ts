import { startServer } from './app.ts';
import { loadConfig } from './config.ts';

try {
  const config = loadConfig();
  const server = await startServer(config);
  const store = config.couchdbUrl
    ? `CouchDB at ${new URL(config.couchdbUrl).host}`
    : `embedded store in ${config.dataDir}`;
  config.log(`Moneta ${server.ctx.version.version} listening on ${config.publicUrl} (port ${config.port}, ${store})`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
