// Environment, checked once at start-up: every bad variable is listed before the process exits.
import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  couchdbUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  sessionSecret: string | null;
  /** A Mastodon-compatible statuses URL for the dashboard's system notifications card. */
  notificationsUrl: string | null;
  /** Which module a host name opens (`notes.example.com` → `textnotes`). */
  hostModules: Record<string, string>;
  /** Where the built PWA lives. */
  distDir: string;
  rateLimits: RateLimits;
  /**
   * Which peers may tell the client's address in `X-Forwarded-For` (Express's `trust proxy`):
   * `loopback` by default (a reverse proxy on the same host), a hop count, or addresses and ranges.
   */
  trustProxy: boolean | number | string[];
  /** The feed reader's fetcher (src/server/services/reader-fetcher.ts). */
  reader: ReaderConfig;
  log: (line: string) => void;
}

export interface ReaderConfig {
  /**
   * `READER_ALLOW_PRIVATE=1`: fetch feeds on loopback, private and link-local addresses too (a
   * server reading an intranet's feeds; tests). Off by default: otherwise a subscription could make
   * the server read its own admin ports or the cloud's metadata service for whoever subscribes.
   */
  allowPrivate: boolean;
  /** `READER_SWEEP_MS`: how often each instance looks for due feeds (30 s). */
  sweepMs: number;
  /** `READER_CONCURRENCY`: feeds one instance fetches at once (8). */
  concurrency: number;
  /** `READER_TIMEOUT_MS`: the time one fetch may take, redirects included (20 s). */
  timeoutMs: number;
  /** `READER_MAX_BYTES`: the largest feed read, after decompression (5 MB). */
  maxBytes: number;
  /** `READER_LEASE_MS`: how long an instance holds a feed it fetches; a crashed one's lease runs out (5 min). */
  leaseMs: number;
  /**
   * `READER_REFRESH_MS`: a fixed time between fetches of a healthy feed, instead of following the
   * feed's own publishing pace (15 min to a day). For tests and small installs; errors still back off.
   */
  refreshMs: number | null;
  /** `READER_RECONCILE_MS`: how often the fetcher's bookkeeping is checked against the groups (1 h). */
  reconcileMs: number;
  /** `READER_RETENTION_MS`: how often old read items are removed (1 day). */
  retentionMs: number;
}

export const DEFAULT_READER_CONFIG: ReaderConfig = {
  allowPrivate: false,
  sweepMs: 30_000,
  concurrency: 8,
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  leaseMs: 5 * 60_000,
  refreshMs: null,
  reconcileMs: 60 * 60_000,
  retentionMs: 24 * 60 * 60_000,
};

/** `READER_*` variables: whole numbers within bounds, each bad one listed in `problems`. */
function readerConfig(env: NodeJS.ProcessEnv, problems: string[]): ReaderConfig {
  const number = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const flag = env.READER_ALLOW_PRIVATE ?? '';
  if (!['', '0', '1', 'false', 'true'].includes(flag))
    problems.push(`READER_ALLOW_PRIVATE must be 1 or 0, got "${flag}"`);
  const d = DEFAULT_READER_CONFIG;
  const day = 24 * 60 * 60_000;
  const refresh = number('READER_REFRESH_MS', 0, 0, 7 * day);
  return {
    allowPrivate: flag === '1' || flag === 'true',
    sweepMs: number('READER_SWEEP_MS', d.sweepMs, 50, day),
    concurrency: number('READER_CONCURRENCY', d.concurrency, 1, 64),
    timeoutMs: number('READER_TIMEOUT_MS', d.timeoutMs, 100, 120_000),
    maxBytes: number('READER_MAX_BYTES', d.maxBytes, 1024, 100 * 1024 * 1024),
    leaseMs: number('READER_LEASE_MS', d.leaseMs, 1_000, day),
    refreshMs: refresh === 0 ? null : refresh,
    reconcileMs: number('READER_RECONCILE_MS', d.reconcileMs, 100, 7 * day),
    retentionMs: number('READER_RETENTION_MS', d.retentionMs, 100, 7 * day),
  };
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  login: RateLimit;
  register: RateLimit;
  /** Confirmation and reset e-mails and links, per address asked for (or per link). */
  confirmation: RateLimit;
  password: RateLimit;
  /** The same requests from one network, whatever the address: a ceiling for spraying. */
  accountMailByIp: RateLimit;
  /** Invitations sent by one person, and received by one address, whoever sends them. */
  invitesBySender: RateLimit;
  invitesByAddress: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 5 * 60_000 },
  register: { max: 20, windowMs: 60 * 60_000 },
  confirmation: { max: 5, windowMs: 15 * 60_000 },
  password: { max: 5, windowMs: 15 * 60_000 },
  // Six technicians confirming from one office stay far below it.
  accountMailByIp: { max: 60, windowMs: 15 * 60_000 },
  invitesBySender: { max: 30, windowMs: 60 * 60_000 },
  invitesByAddress: { max: 3, windowMs: 24 * 60 * 60_000 },
};

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `TRUST_PROXY`: `false`, `true`, a number of hops, or a comma list of names, addresses and CIDR ranges. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] | null {
  const v = (value ?? '').trim();
  if (v === '') return ['loopback'];
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  const ok = entries.every((e) => {
    if (PROXY_NAMES.includes(e)) return true;
    const [address, bits, extra] = e.split('/');
    if (extra !== undefined || !address || isIP(address) === 0) return false;
    const max = isIP(address) === 4 ? 32 : 128;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
  });
  return ok ? entries : null;
}

const MODULES = ['ticket', 'moneta', 'exoreader', 'textnotes', 'rdisk'];

function validUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const couchdbUrl = env.COUCHDB_URL || null;
  if (couchdbUrl && !validUrl(couchdbUrl, ['http:', 'https:'])) problems.push('COUCHDB_URL must be an http(s) URL');
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !validUrl(smtpUrl, ['smtp:', 'smtps:'])) problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  if (!validUrl(publicUrl, ['http:', 'https:'])) problems.push('PUBLIC_URL must be an http(s) URL');
  const sessionSecret = env.SESSION_SECRET || null;
  if (sessionSecret && sessionSecret.length < 32) problems.push('SESSION_SECRET must have at least 32 characters');
  const notificationsUrl = env.NOTIFICATIONS_URL || null;
  if (notificationsUrl && !validUrl(notificationsUrl, ['http:', 'https:']))
    problems.push('NOTIFICATIONS_URL must be an http(s) URL');
  const hostModules: Record<string, string> = {};
  for (const pair of (env.HOST_MODULES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [hostName, module] = pair.split('=').map((p) => p.trim());
    if (!hostName || !module || !MODULES.includes(module)) {
      problems.push(
        `HOST_MODULES entries look like host=module with module one of ${MODULES.join(', ')}; got "${pair}"`,
      );
    } else hostModules[hostName.toLowerCase()] = module;
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (trustProxy === null)
    problems.push(
      `TRUST_PROXY must be false, true, a number of hops, or a comma list of ${PROXY_NAMES.join('/')}, addresses and CIDR ranges; got "${env.TRUST_PROXY}"`,
    );
  const reader = readerConfig(env, problems);
  if (problems.length > 0) throw new Error(`Invalid environment:\n  - ${problems.join('\n  - ')}`);
  const host = validUrl(publicUrl, ['http:', 'https:']) ? new URL(publicUrl).hostname : 'localhost';
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    publicUrl,
    couchdbUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM || `Moneta <no-reply@${host}>`,
    sessionSecret,
    notificationsUrl,
    hostModules,
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    rateLimits: DEFAULT_RATE_LIMITS,
    trustProxy: trustProxy ?? ['loopback'],
    reader,
    log: (line) => console.log(line),
    ...overrides,
  };
}
