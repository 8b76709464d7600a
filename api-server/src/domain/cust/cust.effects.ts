/**
 * The business work of the people area's commands (shared-utility/src/pure/entities/cust.ts and
 * talent-coop.ts `commands`): the kit loads the row in scope, checks who asks and the row's state,
 * moves it in one transaction and audits (resource/commands.ts); these run inside that transaction.
 */
import { SIGN_CHANNEL } from '@flexpay/shared-utility/src/pure';
import type { BankCardChecker } from '../../providers/bank-card-check';
import { simulatedRealNameProvider } from '../../providers/realname';
import type { Effects } from '../../resource/commands';
import { namedUpload } from '../../resource/kit-routes';
import type { AnyDb, Row } from '../../resource/entity-resource';
import { requireTalent } from './scope';
import { putFile, talentFiles } from './talent-files';
import { TalentMessages } from './talent-records';

export const talentEffects: Effects = {
  // 实名认证: the 2-factor provider decides 10 or 20 (asked outside the transaction), once: realNameStatus is part of the
  // talent's state, so the kit's move is conditional on its 0 (a concurrent one answers the command's stale 1009).
  realName: {
    ask: ({ row }) => simulatedRealNameProvider.verify({ name: String(row.name), idType: Number(row.idType), idNumber: String(row.idNumber) }),
    run: async ({ now, asked }) => ({ set: { realNameStatus: asked, realNameAt: now } }),
  },
  // 附件: the stored upload (its own name and MD5) replaces the talent's file of that type; answers the files.
  fileSave: async ({ trx, row, input, caller, now }) => {
    const upload = await namedUpload(trx, caller.user, JSON.parse(String(input.file)), TalentMessages.file);
    await putFile(trx, Number(row.id), Number(input.fileType), upload, now);
    return { answer: await talentFiles(trx, caller, Number(row.id)), changes: { [`file${String(input.fileType)}`]: { from: null, to: upload.name } } };
  },
};

/** 重新校验: the talent's current name and ID number against the card, by the 3-factor checker (asked outside the transaction). */
export const cardEffects = (checker: BankCardChecker, db: AnyDb): Effects => ({
  recheckCustCard: {
    ask: async ({ row, caller }) => {
      const talent = await requireTalent(db, caller, row.custId);
      return checker.check({ name: String(talent.name), idNumber: String(talent.idNumber), cardNo: String(row.cardNo) });
    },
    // The trail names the result even when it is the card's state again (2 → 2).
    run: async ({ row, asked }) => ({ set: { validated: asked }, changes: { validated: { from: Number(row.validated), to: asked } } }),
  },
});

/** The signed agreement (3) or the tax real-name file (20) kept as the talent's file for the supplier. */
const keepFile = (trx: AnyDb, row: Row, fileType: number, value: unknown, now: number) => {
  const file = JSON.parse(String(value)) as { url: string; fileMd5: string; name: string };
  return putFile(trx, row.custId, fileType, { ...file, name: file.name || '文件' }, now, row.supplierId);
};

/** 纸质签约, 发起电子签, 税务登记 (custCoopSup.commands; 注销登记 moves the state alone): the columns each sets beside the state (`set`, audited where they change). */
export const coopSupEffects: Effects = {
  paperSign: async ({ trx, row, input, now }) => {
    await keepFile(trx, row, 3, input.signFile, now);
    return { set: { signChannel: SIGN_CHANNEL.paper, signedAt: now, signStartedAt: null } };
  },
  eSign: async ({ now }) => ({ set: { signStartedAt: now, signedAt: null } }),
  taxReg: async ({ trx, row, input, now }) => {
    await keepFile(trx, row, 20, input.taxFile, now);
    return { set: { taxRegAt: now } };
  },
};
