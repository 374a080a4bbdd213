// `npm run newsletter -- <issue folder> [--dry-run]`: queues an operator's newsletter issue
// (services/newsletter.ts, docs/email.md). It checks and renders the folder here, so a mistake is
// told at once, then files one job in the store the server uses (COUCHDB_URL, or the embedded
// store of the server running on DATA_DIR); the running instances send it. Run it again and only
// the people who have not had the issue get it.
import { SYSTEM_DB } from '../context.ts';
import { loadConfig } from '../config.ts';
import { newJob } from '../services/jobs.ts';
import { NEWSLETTER_JOB, readNewsletterIssue } from '../services/newsletter.ts';
import { CouchClient } from '../store/couch-client.ts';
import { runningStoreUrl } from '../store/embedded-store.ts';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const [dir, ...rest] = args.filter((a) => a !== '--dry-run');

try {
  if (!dir || rest.length > 0) throw new Error('usage: npm run newsletter -- <issue folder> [--dry-run]');
  const config = loadConfig();
  const job = readNewsletterIssue(dir);
  const languages = Object.keys(job.editions).join(', ');
  if (dryRun) {
    console.log(`newsletter ${job.issue}: topic ${job.topic}, ${languages}; not queued (--dry-run)`);
  } else {
    const url = config.couchdbUrl ?? runningStoreUrl(config.dataDir);
    if (!url) throw new Error(`no server runs on ${config.dataDir} (start it, or set COUCHDB_URL)`);
    const store = new CouchClient(url);
    await store.put(SYSTEM_DB, newJob(NEWSLETTER_JOB, { ...job }, new Date().toISOString()));
    console.log(`newsletter ${job.issue}: topic ${job.topic}, ${languages}; queued, the server sends it`);
  }
} catch (error) {
  console.error(`newsletter: ${(error as Error).message}`);
  process.exit(1);
}
