/** 管理员's commands beyond 禁用/启用 (shared-utility entities/admin.ts): the work inside their transactions. */
import { ADMIN_MESSAGES, grantableCodes, limitedCodeList } from '@flexpay/shared-utility/src/pure/rules/server';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { Effects } from '../../resource/commands';
import { hashPassword, type PasswordHash } from '../../security/password';
import { endUserSessions } from '../../security/session';

export const adminEffects: Effects = {
  // 禁用 ends the account's sessions at once.
  disable: async ({ trx, row, now }) => endUserSessions(trx, row.userId as number, 'disabled', now),
  // scrypt runs before the transaction so it never holds SQLite's writer (issue 12 finding 12).
  changePassword: {
    ask: ({ input }) => hashPassword(String(input.newPassword)),
    run: async ({ trx, row, asked, now }) => {
      await trx.updateTable('admin_user').set({ ...(asked as PasswordHash), updatedAt: now }).where('userId', '=', row.userId).execute();
      await endUserSessions(trx, row.userId as number, 'password', now);
      return { answer: true, changes: { password: { from: '******', to: '******' } } };
    },
  },
  updatePerm: async ({ trx, row, body, caller }) => {
    const codes = limitedCodeList(body.permCodes) ?? refuse(Code.VALIDATION, ADMIN_MESSAGES.permCodes);
    // Nothing the caller does not hold itself, nothing the target's account type may not hold.
    const mayGrant = new Set(grantableCodes(caller.permCodes, row.adminType as number));
    if (codes.some((c) => !mayGrant.has(c))) refuse(Code.NO_PERMISSION, Messages.noPermission);
    const before = ((await trx.selectFrom('admin_user_perm').select('code').where('userId', '=', row.userId).orderBy('code').execute()) as Array<{ code: number }>).map((r) => r.code);
    // Both sorted: the same list changes nothing and leaves no audit entry.
    if (String(before) === String(codes)) return { answer: true, audit: false };
    await trx.deleteFrom('admin_user_perm').where('userId', '=', row.userId).execute();
    if (codes.length > 0) await trx.insertInto('admin_user_perm').values(codes.map((code) => ({ userId: row.userId, code }))).execute();
    return { answer: true, changes: { permCodes: { from: before, to: codes } } };
  },
};
