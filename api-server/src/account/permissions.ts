import { accountTypeOf, defaultCodesFor } from '@flexpay/shared-utility/src/pure';
import type { Kysely, Selectable } from 'kysely';
import type { AdminUserTable, Database } from '../db/schema';

export type AdminUserRow = Selectable<AdminUserTable>;

/**
 * Limited codes the user holds. Top administrators hold every code of their type (so catalogue
 * additions reach them); sub-administrators hold their granted codes, capped to their type.
 */
export async function permCodesOf(db: Kysely<Database>, user: AdminUserRow): Promise<number[]> {
  const type = accountTypeOf(user.adminType);
  if (!type) return [];
  const allowed = defaultCodesFor(type);
  if (user.isTopAdmin === 1) return allowed;
  const granted = await db.selectFrom('admin_user_perm').select('code').where('userId', '=', user.userId).execute();
  const held = new Set(granted.map((g) => g.code));
  return allowed.filter((code) => held.has(code));
}
