/**
 * One scoped search over record numbers for the navbar's command palette: order numbers, enterprise
 * codes and names, talent ID numbers and invoice application numbers. Each kind is searched only
 * when the caller holds that area's query code, and only inside the caller's organisation.
 * Talents follow the talent list's masking rule (issue 22 item 6): the ID number is masked in every
 * answer; everyone finds talents by name, and a holder of 20110 (who may reveal the number anyway) also
 * by the whole number, exactly — a prefix search would answer yes/no for every digit of it.
 */
import { AdminType, codeOf, idNumberKey, maskPersonal, TALENT_MGR_CODE } from '@flexpay/shared-utility/src/pure';
import { type Kysely, sql } from 'kysely';
import { rowInScope } from '../account/scope';
import type { Database } from '../db/schema';
import { talentInScope } from '../domain/cust/scope';
import type { AppDeps, RouteSpec, SignedInContext } from '../http/guard';

export interface SearchHit {
  kind: string;
  title: string;
  subtitle: string;
  link: string;
}

const PER_KIND = 5;
const MIN_LENGTH = 2;
const MAX_LENGTH = 40;

/** Prefix pattern with LIKE wildcards escaped (ESCAPE '\' on both dialects). */
const prefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Searcher = (db: Kysely<Database>, ctx: SignedInContext, q: string) => Promise<SearchHit[]>;

const SEARCHERS: Array<{ code: string[]; run: Searcher }> = [
  {
    code: ['ACT_ORDER_QUERY'],
    run: async (db, ctx, q) =>
      (
        await db
          .selectFrom('pay_order')
          .innerJoin('ent', 'ent.id', 'pay_order.entId')
          .select(['pay_order.orderNo', 'ent.entName'])
          .where(sql<boolean>`upper(pay_order."orderNo") like ${prefix(q.toUpperCase())} escape '\\'`)
          .where(rowInScope(db, ctx.caller.scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }))
          .orderBy('pay_order.id', 'desc')
          .limit(PER_KIND)
          .execute()
      ).map((r) => ({ kind: '代发订单', title: r.orderNo, subtitle: r.entName, link: `/order/index?orderNo=${encodeURIComponent(r.orderNo)}` })),
  },
  {
    code: ['ACT_ENT_QUERY'],
    run: async (db, ctx, q) =>
      (
        await db
          .selectFrom('ent')
          .select(['ent.entCode', 'ent.entName'])
          .where((eb) =>
            eb.or([
              eb(sql`upper(ent."entCode")`, 'like', sql`${prefix(q.toUpperCase())} escape '\\'`),
              eb(sql`ent."entName"`, 'like', sql`${contains(q)} escape '\\'`),
            ]),
          )
          .where(rowInScope(db, ctx.caller.scope, { ent: 'ent.id', supplier: 'ent.supplierId' }))
          .orderBy('ent.id')
          .limit(PER_KIND)
          .execute()
      ).map((r) => ({ kind: '企业', title: r.entName, subtitle: r.entCode, link: `/ent/index?entCode=${encodeURIComponent(r.entCode)}` })),
  },
  {
    code: ['ACT_CUST_QUERY'],
    run: async (db, ctx, q) => {
      const byNumber = ctx.caller.perms.has(TALENT_MGR_CODE) ? [...new Set([q, idNumberKey(q)])] : [];
      const rows = await db
        .selectFrom('cust')
        .select(['cust.name', 'cust.idNumber'])
        .where((eb) => eb.or([eb(sql<string>`cust."name"`, 'like', sql<string>`${contains(q)} escape '\\'`), ...(byNumber.length ? [eb('cust.idNumber', 'in', byNumber)] : [])]))
        .where(talentInScope(db, ctx.caller.scope, 'cust.id'))
        .orderBy('cust.id')
        .limit(PER_KIND)
        .execute();
      return rows.map((r) => {
        const found = byNumber.includes(r.idNumber) ? `idNumber=${encodeURIComponent(r.idNumber)}` : `name=${encodeURIComponent(r.name)}`;
        return { kind: '人才', title: r.name, subtitle: maskPersonal('idNumber', r.idNumber), link: `/cust/ent?${found}` };
      });
    },
  },
  {
    code: ['ACT_INVOICE_MY_QUERY', 'ACT_INVOICE_TO_ME_QUERY'],
    run: async (db, ctx, q) => {
      const toMe = !ctx.caller.perms.has(codeOf('ACT_INVOICE_MY_QUERY'));
      // A merchant reads its enterprises' applications from 开票信息 (it has no 申请记录 menu).
      const merchant = ctx.caller.user.adminType === AdminType.MER;
      return (
        await db
          .selectFrom('invoice_apply')
          .innerJoin('ent', 'ent.id', 'invoice_apply.entId')
          .select(['invoice_apply.applyNo', 'ent.entName'])
          .where(sql<boolean>`upper(invoice_apply."applyNo") like ${prefix(q.toUpperCase())} escape '\\'`)
          .where(rowInScope(db, ctx.caller.scope, { ent: 'invoice_apply.entId', supplier: 'invoice_apply.supplierId' }))
          .orderBy('invoice_apply.id', 'desc')
          .limit(PER_KIND)
          .execute()
      ).map((r) => ({
        kind: '开票申请',
        title: r.applyNo,
        subtitle: r.entName,
        link: merchant ? '/invoice/invoiceInfo' : `${toMe ? '/invoice/toMeApply/1' : '/invoice/myApply/0'}?applyNo=${encodeURIComponent(r.applyNo)}`,
      }));
    },
  },
];

export function searchRoutes(deps: AppDeps): RouteSpec[] {
  return [
    {
      path: 'search/query',
      perm: codeOf('ACT_SEARCH'),
      check: (body) => {
        const q = typeof body.q === 'string' ? body.q.trim() : '';
        if (q.length < MIN_LENGTH) return `请至少输入${MIN_LENGTH}个字符`;
        return q.length > MAX_LENGTH ? `搜索内容不能超过${MAX_LENGTH}个字符` : null;
      },
      handler: async (ctx) => {
        const signed = ctx as SignedInContext;
        const q = String(ctx.body.q).trim();
        const allowed = SEARCHERS.filter((s) => s.code.some((key) => signed.caller.perms.has(codeOf(key))));
        const hits = await Promise.all(allowed.map((s) => s.run(deps.db, signed, q)));
        return hits.flat();
      },
    },
  ];
}
