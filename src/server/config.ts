// Environment, checked once at start-up: every bad variable is listed before the process exits.
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
  /** Where the built PWA lives. */
  distDir: string;
  rateLimits: RateLimits;
  log: (line: string) => void;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  login: RateLimit;
  register: RateLimit;
  confirmation: RateLimit;
  password: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 5 * 60_000 },
  register: { max: 20, windowMs: 60 * 60_000 },
  confirmation: { max: 5, windowMs: 15 * 60_000 },
  password: { max: 5, windowMs: 15 * 60_000 },
};

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
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    rateLimits: DEFAULT_RATE_LIMITS,
    log: (line) => console.log(line),
    ...overrides,
  };
}
