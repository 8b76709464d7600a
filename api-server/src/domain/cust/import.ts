/**
 * 人才导入 (spec §7 cust import, importList, importDetails, importDFile; DOMAIN.md §6 "Import creates
 * all three"): the browser parses the workbook and sends its rows (and the file it read); every row
 * must pass the shared row check or the batch is refused naming the rows. A new person gets the
 * talent, its cooperation with the enterprise and its supplier and its card; a person already
 * registered (same ID type and number) gets the missing cooperation rows. Each import is kept with one
 * outcome per row, the original file and a result workbook built on demand.
 */
import crypto from 'node:crypto';
import { checkCustImportRows, CUST_IMPORT_MESSAGES, custImport, importRefusal } from '@flexpay/shared-utility/src/pure';
import { importCountRefusal, IMPORT_OUTCOMES, importOutcome, importResultLines, importRowView } from '@flexpay/shared-utility/src/pure/rules/server';
import { audit } from '../../account/audit';
import { scoped } from '../../account/scope';
import { Code } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import { type AppDeps, type RouteSpec, signed } from '../../http/guard';
import { isUniqueViolation } from '../../http/db-errors';
import { defineResource, keyValue, type Row, T } from '../../resource/entity-resource';
import { sendXlsx } from '../../resource/export';
import { xlsxOf } from '../../resource/xlsx-stream';
import { namedUpload, sendUpload } from '../../resource/kit-routes';
import { insertChunked } from '../../resource/batch';
import { namedEnterprise } from '../../resource/ent-channel';
import { formatDateTime } from '../../util/time';
import { binMatcher } from './bin';
import { ensureCooperation, newCardRow, newCustCodes, newTalentRow, personKey, storedPeople, TalentMessages } from './talent-records';

export const CustMessages = { ...TalentMessages, ...CUST_IMPORT_MESSAGES, ...IMPORT_OUTCOMES, importFile: '该次导入没有保存原始文件' } as const;

/** IM + yyyyMMddHHmmss (Asia/Shanghai) + 4 random hex. */
const importNoOf = (now: number) => `IM${formatDateTime(now)!.replace(/[-: ]/g, '')}${crypto.randomBytes(2).toString('hex').toUpperCase()}`;

export function custImportRoutes(deps: AppDeps): RouteSpec[] {
  const { db } = deps;
  // An import's rows with each one's outcome and its talent's code and ID type (importDetails, the result workbook).
  const rowsOf = async (importId: unknown) =>
    (await db
      .selectFrom('cust_import_row as r')
      .leftJoin('cust as c', 'c.id', 'r.custId')
      .select(['r.rowNo', 'r.name', 'r.idNumber', 'r.ok', 'r.message', 'r.custId', 'c.custCode', 'c.idType'])
      .where('r.importId', '=', Number(importId))
      .orderBy('r.rowNo')
      .execute()) as Row[];
  // An import belongs to its enterprise (and supplier): SYS all, SPR its supplier's, ENT its own.
  const history = defineResource(deps, custImport, {
    scope: scoped(db, { entSupplier: { ent: `${T}.entId`, supplier: `${T}.supplierId` } }),
    listAliases: ['cust/mgr/importList'],
    simple: false,
    // importDetails: the import with each row's outcome (ID numbers masked).
    getAliases: ['cust/mgr/importDetails'],
    more: async (_caller, head) => ({ rows: (await rowsOf(head.id)).map(importRowView) }),
    // importDFile: the result workbook of every import, the original file when the client sent it.
    rowActions: (_caller, row) => ['result', ...(row.fileUrl ? ['original'] : [])],
  });

  return [
    ...history.routes,
    {
      path: 'cust/mgr/import',
      perm: custImport.codes.query, // ACT_CUST_IMPORT
      check: (body) => importCountRefusal(body.rows),
      handler: signed(async ({ caller, body, now }) => {
        const ent = await namedEnterprise(db, caller.user, body, CustMessages.entMissing);
        const checked = checkCustImportRows(body.rows as unknown[]);
        const refusal = importRefusal(checked);
        if (refusal) throw new ApiError(Code.VALIDATION, refusal.message, { rows: refusal.rows });
        const upload = body.file ? await namedUpload(db, caller.user, body.file, CustMessages.importFile, CustMessages.file) : null;
        const rows = checked.map((c) => c.row!);
        const importNo = importNoOf(now);

        const run = () =>
          db.transaction().execute(async (trx) => {
            const stored = await storedPeople(trx, rows);
            const isNew = rows.map((r) => !stored.has(personKey(r)));
            // New people: their talent rows and cards (a code for each row, those of the new ones used).
            const codes = newCustCodes(rows.length, now);
            const made = await insertChunked(trx, 'cust', rows.flatMap((r, i) => (isNew[i] ? [newTalentRow(r, codes[i], ent, now)] : [])), ['id', 'custCode']);
            const idOf = new Map(made.map((x) => [x.custCode, Number(x.id)]));
            const ids = rows.map((r, i) => stored.get(personKey(r))?.id ?? idOf.get(codes[i])!);
            const binOf = await binMatcher(trx);
            await insertChunked(trx, 'cust_card', rows.flatMap((r, i) => (isNew[i] ? [newCardRow(ids[i], r.bankCard, r.bankName, binOf(r.bankCard), now)] : [])));
            // Every person: the cooperation rows it lacks with the enterprise and its supplier; each row's outcome.
            const linked = await ensureCooperation(trx, ids, ent, now);
            const lines = rows.map((r, i) => ({ rowNo: i + 1, name: r.name, idNumber: r.idNumber, custId: ids[i], message: importOutcome(isNew[i], linked[i]) }));
            const [{ id: importId }] = await insertChunked(trx, 'cust_import', [
              {
                importNo,
                entId: ent.id,
                supplierId: ent.supplierId,
                fileName: upload?.name ?? (typeof body.fileName === 'string' ? body.fileName.slice(0, 200) : null),
                fileUrl: upload?.url ?? null,
                total: rows.length,
                successCount: rows.length,
                failCount: 0,
                operatorId: caller.user.userId,
                operatorName: caller.user.name ?? caller.user.username,
                createdAt: now,
              },
            ], ['id']);
            await insertChunked(trx, 'cust_import_row', lines.map((line) => ({ importId, ok: 1, ...line })));
            const created = isNew.filter(Boolean).length;
            // One entry per import, keyed by the enterprise: how many rows, its number, how many talents were new.
            const changes = { imported: { from: 0, to: rows.length }, importNo: { from: null, to: importNo }, created: { from: 0, to: created } };
            await audit(trx, { operator: caller.user, now: now, action: 'import', entity: 'cust', entityId: `ent:${ent.id}`, changes });
            return { importId, importNo, imported: rows.length, created, rows: lines.map(({ rowNo, message }) => ({ rowNo, ok: true, message })) };
          });
        try {
          return await run();
        } catch (error) {
          // A concurrent import or create registered one of these people first: it is linked now instead.
          if (!isUniqueViolation(error)) throw error;
          return run();
        }
      }),
    },
    {
      // importDFile?id=&kind=original|result: the workbook as uploaded, or one line per row with its outcome.
      path: 'cust/mgr/importDFile',
      method: 'GET',
      perm: custImport.codes.query, // ACT_CUST_IMPORT
      raw: true,
      handler: signed(async (ctx) => {
        const query = ctx.request.query as Record<string, unknown>;
        const head = await history.resource.load(ctx.caller, keyValue(custImport, { id: query.id }));
        if (query.kind === 'original') return sendUpload(deps, ctx.reply, head.fileUrl, undefined, CustMessages.importFile);
        return sendXlsx(ctx.reply, xlsxOf('导入结果', importResultLines(await rowsOf(head.id))), `导入结果_${String(head.importNo)}.xlsx`, 'result.xlsx');
      }),
    },
  ];
}

