/**
 * Talents (spec §2 /cust, §3 customer fields, §5 rules): the scoped list on kit v2 (entity `cust`) and
 * the Excel import (the browser parses the workbook and sends its rows; the answer, or the refusal's
 * data, carries one result per row for the kit's import dialog).
 */
import crypto from 'node:crypto';
import {
  AdminType,
  checkCustImportRows,
  codeOf,
  CUST_IMPORT_MAX_ROWS,
  CUST_IMPORT_MESSAGES,
  type CheckedCustImportRow,
  cust,
  idNumberKey,
} from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import { auditedWrite } from '../account/audit';
import { entInScope, rowInScope } from '../account/scope';
import { Code } from '../http/codes';
import { ApiError } from '../http/envelope';
import type { AppDeps, Body, Caller, RouteSpec, SignedInContext } from '../http/guard';
import { isUniqueViolation } from '../http/db-errors';
import { type AnyDb, defineResource, T } from '../resource/entity-resource';

const IMPORT = codeOf('ACT_CUST_IMPORT'); // 20120

/** Rows per INSERT statement, well inside SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;

export const CustMessages = {
  ...CUST_IMPORT_MESSAGES,
  entRequired: '请选择企业',
  entMissing: '企业不存在',
} as const;

/** Upper-cased ID numbers of the enterprise among the given keys. */
async function existingIdNumbers(reader: AnyDb, entId: number, keys: string[]): Promise<Set<string>> {
  const existing = new Set<string>();
  for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
    const found = (await reader
      .selectFrom('cust')
      .select('idNumber')
      .where('entId', '=', entId)
      .where(sql<string>`upper(${sql.ref('idNumber')})`, 'in', keys.slice(i, i + INSERT_CHUNK))
      .execute()) as Array<{ idNumber: string }>;
    for (const f of found) existing.add(idNumberKey(f.idNumber));
  }
  return existing;
}

/** One row's outcome as the kit's import dialog shows it (docs/kit.md `excelImport`). */
export interface ImportRowResult {
  rowNo: number;
  ok: boolean;
  message?: string;
}

/**
 * The refusal of a batch when a row fails the shared row check: the message names the first failing
 * row (第N行：…), `data.rows` every refused row with its reason. The batch is all or nothing, so no
 * row of a refused batch is stored.
 */
export function importRefusal(checked: CheckedCustImportRow[]): { message: string; rows: ImportRowResult[] } | null {
  const failed = checked.filter((c) => c.error !== null);
  if (failed.length === 0) return null;
  return { message: CustMessages.row(failed[0].rowNo, failed[0].error!), rows: failed.map((c) => ({ rowNo: c.rowNo, ok: false, message: c.error! })) };
}

function refuseRows(code: typeof Code.VALIDATION | typeof Code.CONFLICT, checked: CheckedCustImportRow[]): void {
  const refusal = importRefusal(checked);
  if (refusal) throw new ApiError(code, refusal.message, { rows: refusal.rows });
}

const entIdOf = (body: Body): number | null => {
  const id = Number(body.entId);
  return body.entId !== undefined && body.entId !== null && body.entId !== '' && Number.isInteger(id) && id > 0 ? id : null;
};

/** ENT imports into its own enterprise; SYS and SPR name one inside their scope. */
const targetEnt = (caller: Caller, body: Body): number | null =>
  caller.user.adminType === AdminType.ENT ? (caller.user.orgId ?? null) : entIdOf(body);

/** A short unique code per talent: C + time + row + random (custCode is unique in the table). */
function custCodes(count: number, now: number): string[] {
  const stamp = now.toString(36).toUpperCase();
  const salt = crypto.randomBytes(3).toString('hex').toUpperCase();
  return Array.from({ length: count }, (_, i) => `C${stamp}${salt}${i.toString(36).toUpperCase().padStart(3, '0')}`);
}

export function custRoutes(deps: AppDeps): RouteSpec[] {
  const { db } = deps;
  const signed = (ctx: unknown) => ctx as SignedInContext;
  // SYS all, SPR the talents of its enterprises, ENT its own (CONTRACT.md); MER never holds 20100.
  const talents = defineResource(deps, cust, {
    scope: (caller, qb) =>
      caller.scope.kind === 'supplier'
        ? qb.where(`${T}.entId`, 'in', db.selectFrom('ent').select('ent.id').where('ent.supplierId', '=', caller.scope.supplierId))
        : qb.where(rowInScope(db, caller.scope, { ent: `${T}.entId`, supplier: `${T}.supplierId` }) as never),
    create: false,
    update: false,
    simple: false,
  });

  return [
    ...talents.routes,
    {
      path: 'cust/mgr/import',
      perm: IMPORT,
      // An enterprise that does not exist is answered by the handler (1004), one outside the scope 3002.
      scope: async (ctx) => {
        const entId = targetEnt(ctx.caller, ctx.body);
        if (entId === null || ctx.caller.scope.kind === 'ent') return true;
        const exists = await db.selectFrom('ent').select('id').where('id', '=', entId).executeTakeFirst();
        return !exists || entInScope(db, ctx.caller.scope, entId);
      },
      check: (body, ctx) => {
        if (targetEnt((ctx as SignedInContext).caller, body) === null) return CustMessages.entRequired;
        if (!Array.isArray(body.rows) || body.rows.length === 0) return CustMessages.rowsRequired;
        if (body.rows.length > CUST_IMPORT_MAX_ROWS) return CustMessages.tooManyRows;
        return null;
      },
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        const entId = targetEnt(caller, ctx.body) as number;
        const ent = await db.selectFrom('ent').select(['id', 'supplierId']).where('id', '=', entId).executeTakeFirst();
        if (!ent) throw new ApiError(Code.NOT_FOUND, CustMessages.entMissing);
        const rawRows = ctx.body.rows as unknown[];

        // Field rules and in-file repeats first; the database is asked only about well-formed rows.
        const checked = checkCustImportRows(rawRows);
        refuseRows(Code.VALIDATION, checked);
        const rows = checked.map((c) => c.row!);
        const keys = [...new Set(rows.map((r) => idNumberKey(r.idNumber)))];
        /** 1009 naming every row whose ID number the enterprise already has (第N行：证件号码已存在 the first). */
        const refuseExisting = async (reader: AnyDb) => {
          const existing = await existingIdNumbers(reader, entId, keys);
          if (existing.size > 0) refuseRows(Code.CONFLICT, checkCustImportRows(rawRows, existing));
        };

        const codes = custCodes(rows.length, ctx.now);
        const values = rows.map((r, i) => ({
          custCode: codes[i],
          name: r.name,
          idType: r.idType,
          idNumber: r.idNumber,
          phone: r.phone,
          bankCard: r.bankCard,
          entId,
          supplierId: ent.supplierId,
          realNameStatus: 0,
          signStatus: 0,
          status: 0,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        }));
        try {
          await auditedWrite(
            signed(ctx),
            { action: 'import', entity: 'cust', entityId: `ent:${entId}`, changes: { imported: { from: 0, to: rows.length }, custCodes: { from: null, to: `${codes[0]}…${codes[codes.length - 1]}` } } },
            async (trx) => {
              // The duplicate check runs inside the transaction; the unique index (entId, upper(idNumber)) settles races.
              await refuseExisting(trx);
              for (let i = 0; i < values.length; i += INSERT_CHUNK) await trx.insertInto('cust').values(values.slice(i, i + INSERT_CHUNK)).execute();
            },
          );
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // A concurrent import won the race: name the row that now exists.
          await refuseExisting(db as unknown as AnyDb);
          throw new ApiError(Code.CONFLICT, CustMessages.idNumberExists);
        }
        return { imported: rows.length, rows: checked.map((c): ImportRowResult => ({ rowNo: c.rowNo, ok: true })) };
      },
    },
  ];
}
