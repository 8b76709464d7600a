/**
 * One scoped search over record numbers for the navbar's command palette: order numbers, enterprise
 * codes and names, talent ID numbers and invoice application numbers. Each kind is searched only
 * when the caller holds that area's query code, and only inside the caller's organisation.
 * Talents follow the talent list's masking rule (issue 22 item 6): the ID number is masked in every
 * answer; everyone finds talents by name, and a holder of 20110 (who may reveal the number anyway) also
 * by the whole number, exactly — a prefix search would answer yes/no for every digit of it.
 */
import { AdminType, codeOf, idNumberKey, maskPersonal, TALENT_MGR_CODE } from '@flexpay/shared-utility/src/pure';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { rowInScope } from '../account/scope';
import { escapeLike, likeContains } from '../db/like';
import type { Database } from '../db/schema';
import { talentInScope } from '../domain/cust/scope';
import { type AppDeps, type RouteSpec, type SignedInContext, signed } from '../http/guard';

export interface SearchHit {
  kind: string;
  title: string;
  subtitle: string;
  link: string;
}

const PER_KIND = 5;
const MIN_LENGTH = 2;
const MAX_LENGTH = 40;

/** `upper(column) LIKE 'Q%' ESCAPE '\'`: a record number found by its prefix, whatever its case (wildcards escaped). */
const startsWith = (column: string, q: string) => sql<SqlBool>`upper(${sql.ref(column)}) like ${`${escapeLike(q.toUpperCase())}%`} escape '\\'`;

type Searcher = (db: Kysely<Database>, ctx: SignedInContext, q: string) => Promise<SearchHit[]>;

/**
 * A record found by the prefix of its number (代发订单, 开票申请): its table, the enterprise it belongs to
 * (the subtitle), its scope columns and where its hit leads.
 */
function numberSearcher(table: 'pay_order' | 'invoice_apply', no: 'orderNo' | 'applyNo', kind: string, link: (no: string, ctx: SignedInContext) => string): Searcher {
  return async (db, ctx, q) =>
    (
      await (db as unknown as Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any
        .selectFrom(table)
        .innerJoin('ent', 'ent.id', `${table}.entId`)
        .select([`${table}.${no} as no`, 'ent.entName'])
        .where(startsWith(`${table}.${no}`, q))
        .where(rowInScope(db, ctx.caller.scope, { ent: `${table}.entId`, supplier: `${table}.supplierId` }) as never)
        .orderBy(`${table}.id`, 'desc')
        .limit(PER_KIND)
        .execute()
    ).map((r: { no: string; entName: string }) => ({ kind, title: r.no, subtitle: r.entName, link: link(r.no, ctx) }));
}

const SEARCHERS: Array<{ code: string[]; run: Searcher }> = [
  { code: ['ACT_ORDER_QUERY'], run: numberSearcher('pay_order', 'orderNo', '代发订单', (no) => `/order/index?orderNo=${encodeURIComponent(no)}`) },
  {
    code: ['ACT_ENT_QUERY'],
    run: async (db, ctx, q) =>
      (
        await db
          .selectFrom('ent')
          .select(['ent.entCode', 'ent.entName'])
          .where((eb) => eb.or([startsWith('ent.entCode', q), likeContains('ent.entName', q)]))
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
        .where((eb) => eb.or([likeContains('cust.name', q), ...(byNumber.length ? [eb('cust.idNumber', 'in', byNumber)] : [])]))
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
    // A merchant reads its enterprises' applications from 开票信息 (it has no 申请记录 menu).
    run: numberSearcher('invoice_apply', 'applyNo', '开票申请', (no, ctx) => {
      if (ctx.caller.user.adminType === AdminType.MER) return '/invoice/invoiceInfo';
      const toMe = !ctx.caller.perms.has(codeOf('ACT_INVOICE_MY_QUERY'));
      return `${toMe ? '/invoice/toMeApply/1' : '/invoice/myApply/0'}?applyNo=${encodeURIComponent(no)}`;
    }),
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
      handler: signed(async (ctx) => {
        const q = String(ctx.body.q).trim();
        const allowed = SEARCHERS.filter((s) => s.code.some((key) => ctx.caller.perms.has(codeOf(key))));
        return (await Promise.all(allowed.map((s) => s.run(deps.db, ctx, q)))).flat();
      }),
    },
  ];
}
