/**
 * The business work of the task package's commands (shared-utility/src/pure/entities/task.ts
 * `workPackage.commands`, one lifecycle with rules/package.ts): the kit moves the three state fields,
 * checks them, parses 审核's result and reason and audits (resource/commands.ts); these run inside that
 * transaction.
 */
import { finishRefusal, PACKAGE_MESSAGES, TAKER_STATUS } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { Effects } from '../../resource/commands';

export const packageEffects: Effects = {
  // A package somebody took is kept; its named talents go with it.
  delete: async ({ trx, row }) => {
    if (await trx.selectFrom('work_package_taker').select('id').where('packageId', '=', Number(row.id)).executeTakeFirst()) throw new ApiError(Code.CONFLICT, PACKAGE_MESSAGES.hasTakers);
    await trx.deleteFrom('work_package_talent').where('packageId', '=', Number(row.id)).execute();
    await trx.deleteFrom('work_package').where('id', '=', Number(row.id)).execute();
    return { answer: true };
  },
  // A package is finished only once none of its takers is still working.
  finish: async ({ trx, row }) => {
    const statuses = (await trx.selectFrom('work_package_taker').select('status').where('packageId', '=', Number(row.id)).execute()) as Array<{ status: number }>;
    const refusal = finishRefusal(statuses.map((s) => s.status));
    if (refusal) throw new ApiError(Code.CONFLICT, refusal);
  },
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
