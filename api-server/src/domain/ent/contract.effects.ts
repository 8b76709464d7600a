/**
 * The business work of 合作关系's commands (shared-utility/src/pure/entities/org.ts coopEnt `commands`),
 * inside the transaction the kit derived (resource/commands.ts).
 */
import type { Effects } from '../../resource/commands';

export const coopEffects: Effects = {
  // A resumed cooperation shows no reason; the suspension's reason stays in the audit trail.
  resume: async ({ trx, row }) => {
    await trx.updateTable('ent_coop').set({ reason: null }).where('id', '=', Number(row.id)).execute();
  },
};
