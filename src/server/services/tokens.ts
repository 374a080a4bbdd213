// User tokens: passwords for other programs. The secret is shown once and stored only as a hash;
// the bearer value is `<tok-id>.<secret>`, so a request finds its token by id without any index.
import { validateTokenForm } from '../../domain/account-forms.ts';
import { isId, newId } from '../../domain/ids.ts';
import type { TokenPermission } from '../../domain/user.ts';
import { type AppContext, USERS_DB } from '../context.ts';
import { notFound, unprocessable } from '../http/http-error.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { newSecret, sameHash, sha256 } from './passwords.ts';
import { getUser, type UserDoc } from './users.ts';

interface TokenDoc extends CouchDoc {
  klass: 'UserToken';
  user_id: string;
  description: string;
  permissions: TokenPermission;
  active: boolean;
  created_at: string;
  token_hash: string;
}

export interface TokenView {
  id: string;
  description: string;
  permissions: TokenPermission;
  active: boolean;
  created_at: string;
}

const view = (doc: TokenDoc): TokenView => ({
  id: doc._id,
  description: doc.description,
  permissions: doc.permissions,
  active: doc.active,
  created_at: doc.created_at,
});

export async function createToken(
  ctx: AppContext,
  user: UserDoc,
  input: Record<string, unknown>,
): Promise<TokenView & { token: string }> {
  const errors = validateTokenForm(input);
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  const description = String(input.description).trim();
  const secret = newSecret();
  const doc: TokenDoc = {
    _id: newId('UserToken'),
    klass: 'UserToken',
    user_id: user._id,
    description,
    permissions: input.permissions as TokenPermission,
    active: true,
    created_at: ctx.now().toISOString(),
    token_hash: sha256(secret),
  };
  await ctx.store.put(USERS_DB, doc);
  return { ...view(doc), token: `${doc._id}.${secret}` };
}

export async function listTokens(ctx: AppContext, user: UserDoc): Promise<TokenView[]> {
  const rows = await ctx.store.view<unknown, null, TokenDoc>(USERS_DB, 'tokens', 'by-user', {
    startkey: [user._id, {}],
    endkey: [user._id],
    descending: true,
    include_docs: true,
  });
  return rows.flatMap((row) => (row.doc?.active ? [view(row.doc)] : []));
}

export async function deactivateToken(ctx: AppContext, user: UserDoc, id: string): Promise<void> {
  const doc = isId(id, 'tok') ? await ctx.store.get<TokenDoc>(USERS_DB, id) : null;
  if (!doc || doc.user_id !== user._id) throw notFound();
  if (doc.active) await ctx.store.put(USERS_DB, { ...doc, active: false });
}

/** The user and permission behind a bearer value, or null when it is unknown, revoked or wrong. */
export async function resolveToken(
  ctx: AppContext,
  bearer: string,
): Promise<{ user: UserDoc; permission: TokenPermission } | null> {
  const dot = bearer.indexOf('.');
  const id = bearer.slice(0, dot);
  if (dot < 0 || !isId(id, 'tok')) return null;
  const doc = await ctx.store.get<TokenDoc>(USERS_DB, id);
  if (!doc?.active || !sameHash(bearer.slice(dot + 1), doc.token_hash)) return null;
  const user = await getUser(ctx, doc.user_id);
  return user ? { user, permission: doc.permissions } : null;
}
