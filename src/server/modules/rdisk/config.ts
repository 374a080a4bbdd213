// The disk's settings, from DISK_* variables, checked at start-up with the rest of the environment.
import type { AppContext } from '../../context.ts';

export interface DiskConfig {
  /** `DISK_SWEEP_MS`: how often contents no version names are looked for and removed (6 h). */
  sweepMs: number;
  /** `DISK_GRACE_MS`: how long a content stored is kept whatever names it (1 h; an upload's record comes after its bytes). */
  graceMs: number;
  /** `DISK_MAX_FILE_BYTES`: the largest content one upload may store (10 GB, spec 000's dedicated plan). */
  maxFileBytes: number;
}

export const DEFAULT_DISK_CONFIG: DiskConfig = {
  sweepMs: 6 * 60 * 60_000,
  graceMs: 60 * 60_000,
  maxFileBytes: 10 * 1000 ** 3,
};

export function parseDiskConfig(env: NodeJS.ProcessEnv, problems: string[]): DiskConfig {
  const number = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 0) {
      problems.push(`${name} must be a whole number, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  return {
    sweepMs: Math.max(1000, number('DISK_SWEEP_MS', DEFAULT_DISK_CONFIG.sweepMs)),
    graceMs: number('DISK_GRACE_MS', DEFAULT_DISK_CONFIG.graceMs),
    maxFileBytes: number('DISK_MAX_FILE_BYTES', DEFAULT_DISK_CONFIG.maxFileBytes),
  };
}

export function diskConfig(ctx: AppContext): DiskConfig {
  return (ctx.config.modules.rdisk as DiskConfig | undefined) ?? DEFAULT_DISK_CONFIG;
}
