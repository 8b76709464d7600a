/**
 * 人才 records (spec §7 cust; DOMAIN.md §6): one person per (ID type, ID number) across the platform,
 * seen through its cooperation rows (scope.ts), changed only by who registered it (talentWritableBy). ID,
 * card and phone numbers leave the server masked for everyone (the entity's `masked` fields, issue 22
 * item 6); a holder of 20110 reveals one value through common/reveal, audited.
 * Creating a talent also creates its cooperation with the enterprise and that enterprise's supplier
 * (and its card when a number is given); a person already registered answers 1009 naming the record.
 */
import { AdminType, cust, CUST_IMPORT_MESSAGES, TALENT_MGR_CODE } from '@flexpay/shared-utility/src/pure';
import { realNameAfterEdit } from '@flexpay/shared-utility/src/pure/rules/server';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type RouteSpec, signed } from '../../http/guard';
import { simulatedOcrProvider } from '../../providers/ocr';
import { type AnyDb, defineResource, type Row, T } from '../../resource/entity-resource';
import { namedUpload, uploadBytes } from '../../resource/kit-routes';
import { namedEnterprise } from '../../resource/ent-channel';
import { talentEffects } from './cust.effects';
import { talentWritableBy } from './scope';
import { scoped } from '../../account/scope';
import { putFile, talentFileRoutes, talentFiles } from './talent-files';
import { ensureCard, ensureCooperation, newCustCodes, newTalentRow, personKey, storedPeople, TalentMessages } from './talent-records';

// Messages and a new talent's writes in talent-records.ts, its files in talent-files.ts.

/** The ID photos a new talent may come with, by their file type. */
const FILE_FIELDS = [['idFront', 0], ['idBack', 1]] as const;

/** 1009 naming the stored person with this ID type and number (its id and custCode as the refusal's data). */
async function alreadyThere(db: AnyDb, values: Row): Promise<void> {
  const found = (await storedPeople(db, [values])).get(personKey(values));
  if (found) refuse(Code.CONFLICT, TalentMessages.exists(found.custCode), found);
}

export function talentRoutes(deps: AppDeps): RouteSpec[] {
  const { db } = deps;
  const { routes, resource } = defineResource(deps, cust, {
    scope: scoped(db, { talent: `${T}.id` }),
    export: true,
    writers: ['SYS', 'SPR', 'ENT'],
    // A talent another enterprise registered is listed (it cooperates with the caller) but not changed.
    mayWrite: (caller, row) => talentWritableBy(caller, row),
    // 新增人才: ENT registers for itself, SYS and SPR name an enterprise they see (checked first).
    fill: async (ctx) => ({ entId: (await namedEnterprise(db, ctx.caller.user, ctx.body, TalentMessages.entMissing)).id }),
    beforeCreate: async (ctx, values) => newTalentRow(values, newCustCodes(1, ctx.now)[0], await namedEnterprise(ctx.trx, ctx.caller.user, values), ctx.now),
    // A person already registered answers 1009 naming the record (also when a concurrent create won).
    check: async (ctx, next, before) => {
      if (!before) await alreadyThere(ctx.trx, next);
    },
    duplicate: async (_ctx, values) => {
      await alreadyThere(db, values);
      return CUST_IMPORT_MESSAGES.idNumberExists;
    },
    // Its cooperation rows make it visible: written before the kit's visibility check, with its card and ID photos.
    afterInsert: async ({ trx, caller, body, now }, id, columns) => {
      await ensureCooperation(trx, [Number(id)], { id: Number(columns.entId), supplierId: Number(columns.supplierId) }, now);
      await ensureCard(trx, Number(id), columns, now);
      for (const [field, fileType] of FILE_FIELDS)
        if (body[field]) await putFile(trx, Number(id), fileType, await namedUpload(trx, caller.user, body[field], TalentMessages.file), now);
      return { custCode: columns.custCode };
    },
    audited: ['custCode', 'name', 'idType', 'entId'],
    // A new name or ID number is a person the real-name check has not seen: back to 0.
    beforeUpdate: async (_ctx, values, before) => ({ ...values, ...realNameAfterEdit(values, before) }),
    // 附件 to whoever may manage talents (uploading needs the write rule too); 实名认证 is a command (its effect in cust.effects.ts).
    rowActions: (caller) => (caller.perms.has(TALENT_MGR_CODE) && caller.user.adminType !== AdminType.MER ? ['files'] : []),
    effects: talentEffects,
    // The record's files (its own and the suppliers' it may see) with its get; numbers masked as in the list.
    more: async (caller, record) => ({ files: await talentFiles(db, caller, Number(record.id)) }),
  });
  return [
    ...routes,
    {
      // 身份证识别: reads an uploaded ID photo through the OCR provider; nothing is stored.
      path: 'cust/mgr/ocrIdCard',
      perm: TALENT_MGR_CODE,
      for: ['SYS', 'SPR', 'ENT'],
      handler: signed(async ({ caller, body }) => {
        const upload = await namedUpload(db, caller.user, body.file, TalentMessages.ocrFile, TalentMessages.file);
        const read = await simulatedOcrProvider.readIdCard({ bytes: uploadBytes(deps, upload.storedAs), fileMd5: upload.fileMd5 });
        return { ...read, file: { url: upload.url, fileMd5: upload.fileMd5, name: upload.name } };
      }),
    },
    ...talentFileRoutes(deps, resource),
  ];
}
