/**
 * A new merchant or enterprise gets its top administrator in the same transaction (issue 14): the
 * username is given, the initial password is generated, answered once and must be changed at the
 * first sign-in. The password is hashed before the transaction so SQLite's writer is not held.
 */
import crypto from 'node:crypto';
import { admin as adminUser, type AdminTypeValue, declaredDefaults, initialPassword, merchant } from '@flexpay/shared-utility/src/pure';
import type { SignedInContext } from '../http/guard';
import { parsedValue } from '../resource/codec';
import type { WriteContext } from '../resource/entity-resource';
import { hashPassword } from '../security/password';
import { duplicateUsernameAnswer } from './admin/index';

/** The top administrator's username (the organisations' declared adminUsername field: 1001 by the username rule) and initial password, hashed before the transaction. */
export async function prepareTopAdmin(ctx: SignedInContext) {
  const username = parsedValue(merchant.fields.adminUsername, ctx.body.adminUsername) as string;
  const password = initialPassword(crypto.randomInt);
  return { username, initialPassword: password, hash: await hashPassword(password) };
}

export type PreparedAdmin = Awaited<ReturnType<typeof prepareTopAdmin>>;

/** Inserts the top administrator of a new organisation; a taken username answers the neutral 1009. */
export async function createTopAdmin(
  ctx: WriteContext,
  admin: PreparedAdmin,
  org: { adminType: AdminTypeValue; terCode: string; orgId: number; name: string | null; phone: string | null },
) {
  try {
    const row = await ctx.trx
      .insertInto('admin_user')
      .values({
        username: admin.username,
        ...admin.hash,
        // Its type, code, organisation, name and phone; sex and status as declared; wechat, email, avatar and remark stay empty (null) until the administrator fills them in.
        ...org,
        ...declaredDefaults(adminUser),
        isTopAdmin: 1,
        guideStep: -1,
        parentUserId: ctx.caller.user.userId,
        mustChangePassword: 1,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning('userId')
      .executeTakeFirstOrThrow();
    // Top administrators hold every code of their type (account/permissions.ts); no grants to write.
    return { admin: { userId: row.userId, username: admin.username, initialPassword: admin.initialPassword } };
  } catch (error) {
    return duplicateUsernameAnswer(error);
  }
}

/** An organisation's accounts go with it: their codes, sessions and the accounts (none may sign in to an organisation that no longer exists). */
export async function removeOrgAccounts(trx: WriteContext['trx'], adminType: AdminTypeValue, orgId: number): Promise<void> {
  const users = trx.selectFrom('admin_user').select('userId').where('adminType', '=', adminType).where('orgId', '=', orgId);
  await trx.deleteFrom('admin_user_perm').where('userId', 'in', users).execute();
  await trx.deleteFrom('session').where('userId', 'in', users).execute();
  await trx.deleteFrom('admin_user').where('adminType', '=', adminType).where('orgId', '=', orgId).execute();
}
