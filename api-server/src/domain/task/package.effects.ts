/**
 * The business work of the task package's commands (shared-utility/src/pure/entities/task.ts
 * `workPackage.commands`, one lifecycle with rules/package.ts): the kit moves the three state fields,
 * checks them, parses 审核's result and reason, refuses 完成/删除 while takers refer to the package and
 * deletes it (the resource's commandRefs) and audits (resource/commands.ts); these run inside that
 * transaction.
 */
import { TAKER_STATUS } from '@flexpay/shared-utility/src/pure';
import type { Effects } from '../../resource/commands';

export const packageEffects: Effects = {
  // A cancelled package's open takers are cancelled with it.
  cancel: async ({ trx, row, now }) => {
    await trx
      .updateTable('work_package_taker')
      .set({ status: TAKER_STATUS.CANCELLED, updatedAt: now })
      .where('packageId', '=', Number(row.id))
      .where('status', '=', TAKER_STATUS.TAKEN)
      .execute();
  },
};

/** A taker's moves (packageTaker's machine): 完成 stamps when. */
export const takerEffects: Effects = {
  complete: async ({ trx, row, now }) => {
    await trx.updateTable('work_package_taker').set({ completedAt: now }).where('id', '=', Number(row.id)).execute();
  },
};
