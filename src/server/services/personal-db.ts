// Each user's personal database `usr-<uuid>`: created with the account, holding their own settings.
import { newId } from '../../domain/ids.ts';
import { isLocale, type Locale } from '../../domain/locale.ts';
import type { AppContext } from '../context.ts';
import { conflict } from '../http/http-error.ts';
import { deployDesignDocs } from '../store/design-docs.ts';

/** Only the server's admin reaches the store; the store itself refuses everyone else. */
export const ADMIN_ONLY_SECURITY = {
  admins: { names: [], roles: ['_admin'] },
  members: { names: [], roles: ['_admin'] },
};

export async function createPersonalDatabase(ctx: AppContext, userId: string, locale: Locale): Promise<void> {
  // A database already there belongs to someone else's half-finished story: never adopt it.
  if (!(await ctx.store.createDatabase(userId))) throw conflict();
  await ctx.store.must(`/${userId}/_security`, { method: 'PUT', body: ADMIN_ONLY_SECURITY });
  await deployDesignDocs(ctx.store, userId, 'personal');
  const now = ctx.now().toISOString();
  await ctx.store.put(userId, {
    _id: newId('Adjustment'),
    klass: 'Adjustment',
    key: 'locale',
    value: locale,
    created_at: now,
    updated_at: now,
  });
}

export async function deletePersonalDatabase(ctx: AppContext, userId: string): Promise<void> {
  await ctx.store.deleteDatabase(userId);
}

/** The locale the user chose last (their `locale` setting), or null. */
export async function readPersonalLocale(ctx: AppContext, userId: string): Promise<Locale | null> {
  try {
    const rows = await ctx.store.view<string, unknown>(userId, 'settings', 'by-key', { key: 'locale' });
    const value = rows.at(-1)?.value;
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}
