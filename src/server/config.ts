// Environment, checked once at start-up: every bad variable is listed before the process exits.
import { isIP } from 'node:net';
import path from 'node:path';
import { isModule, MODULES } from '../domain/modules/index.ts';
import { SERVER_MODULES } from './modules/index.ts';
import { SESSION_KEY_SEPARATOR, sessionKeys } from './http/session-cookie.ts';
import { parseS3Url, type S3Location } from './services/s3-byte-store.ts';
import { type BillingConfig, readBillingConfig } from './services/billing.ts';

/** Where contents kept apart from the databases live (services/byte-store.ts): files, or an S3-compatible store. */
export type ByteStoreConfig = { kind: 'files'; root: string } | { kind: 's3'; location: S3Location };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  couchdbUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** How often scheduled e-mails (the weekly summary) are looked for (`MAIL_SWEEP_MS`, an hour). */
  mailSweepMs: number;
  /** Session keys, newest first, joined by commas (`SESSION_SECRET`); null: one kept in the store. */
  sessionSecret: string | null;
  /** A Mastodon-compatible statuses URL for the dashboard's system notifications card. */
  notificationsUrl: string | null;
  /** Which module a host name opens (`HOST_MODULES=notes.example.com=<kind>`). */
  hostModules: Record<string, string>;
  /** Where the built PWA lives. */
  distDir: string;
  rateLimits: RateLimits;
  /**
   * Which peers may tell the client's address in `X-Forwarded-For` (Express's `trust proxy`):
   * `loopback` by default (a reverse proxy on the same host), a hop count, or addresses and ranges.
   */
  trustProxy: boolean | number | string[];
  /** Where file contents are kept: under `DATA_DIR/contents`, or in the bucket `S3_URL` names. */
  byteStore: ByteStoreConfig;
  /** Each server module's own settings (its `config`), by module kind. */
  modules: Readonly<Record<string, unknown>>;
  /** The payment provider (`PADDLE_*`, services/billing.ts); null: payments are not configured. */
  billing: BillingConfig | null;
  log: (line: string) => void;
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

function validUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * `SESSION_SECRET`: one key, or a comma list of keys newest first (the first signs, all verify:
 * src/server/http/session-cookie.ts). Kept as one string, the list rewritten without spaces.
 */
function readSessionSecret(value: string | undefined, problems: string[]): string | null {
  if (!value?.trim()) return null;
  const keys = sessionKeys(value);
  if (keys.some((key) => key.length < 32))
    problems.push(
      'SESSION_SECRET must be a key of at least 32 characters, or a comma list of such keys (newest first)',
    );
  return keys.join(SESSION_KEY_SEPARATOR);
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
  const sessionSecret = readSessionSecret(env.SESSION_SECRET, problems);
  const mailSweepMs = env.MAIL_SWEEP_MS ? Number(env.MAIL_SWEEP_MS) : 3_600_000;
  if (!Number.isInteger(mailSweepMs) || mailSweepMs < 100)
    problems.push(`MAIL_SWEEP_MS must be a number of milliseconds (100 or more), got "${env.MAIL_SWEEP_MS}"`);
  const notificationsUrl = env.NOTIFICATIONS_URL || null;
  if (notificationsUrl && !validUrl(notificationsUrl, ['http:', 'https:']))
    problems.push('NOTIFICATIONS_URL must be an http(s) URL');
  const hostModules: Record<string, string> = {};
  for (const pair of (env.HOST_MODULES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [hostName, module] = pair.split('=').map((p) => p.trim());
    if (!hostName || !module || !isModule(module)) {
      problems.push(
        `HOST_MODULES entries look like host=module with module one of ${MODULES.map((m) => m.kind).join(', ')}; got "${pair}"`,
      );
    } else hostModules[hostName.toLowerCase()] = module;
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (trustProxy === null)
    problems.push(
      `TRUST_PROXY must be false, true, a number of hops, or a comma list of ${PROXY_NAMES.join('/')}, addresses and CIDR ranges; got "${env.TRUST_PROXY}"`,
    );
  const s3 = env.S3_URL ? parseS3Url(env.S3_URL, env.S3_REGION || 'us-east-1') : null;
  if (typeof s3 === 'string') problems.push(s3);
  const modules = Object.fromEntries(
    SERVER_MODULES.flatMap((m) => (m.config ? [[m.kind, m.config(env, problems)] as const] : [])),
  );
  const billing = readBillingConfig(env, problems);
  if (problems.length > 0) throw new Error(`Invalid environment:\n  - ${problems.join('\n  - ')}`);
  const host = validUrl(publicUrl, ['http:', 'https:']) ? new URL(publicUrl).hostname : 'localhost';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    publicUrl,
    couchdbUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM || `Moneta <no-reply@${host}>`,
    mailSweepMs,
    sessionSecret,
    notificationsUrl,
    hostModules,
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    rateLimits: DEFAULT_RATE_LIMITS,
    trustProxy: trustProxy ?? ['loopback'],
    byteStore:
      s3 && typeof s3 !== 'string'
        ? { kind: 's3', location: s3 }
        : { kind: 'files', root: path.join(dataDir, 'contents') },
    modules,
    billing,
    log: (line) => console.log(line),
    ...overrides,
  };
}
