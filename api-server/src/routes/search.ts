/**
 * One scoped search over record numbers for the navbar's command palette: order numbers, enterprise
 * codes and names, talent ID numbers and invoice application numbers. Each kind is searched only
 * when the caller holds that area's query code, and only inside the caller's organisation.
 * Talents follow the talent list's masking rule (issue 22 item 6): the ID number is masked in every
 * answer; everyone finds talents by name, and a holder of 20110 (who may reveal the number anyway) also
 * by the whole number, exactly — a prefix search would answer yes/no for every digit of it.
 */
import { AdminType, codeOf, cust, ent, type Entity, idNumberKey, invoiceApply, invoiceApplyToMe, maskPersonal, payOrder, TALENT_MGR_CODE } from '@flexpay/shared-utility/src/pure';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { inScope, type Tie } from '../account/scope';
import { escapeLike, likeContains } from '../db/like';
import type { Database } from '../db/schema';
import { type AppDeps, type RouteSpec, type SignedInContext, signed } from '../http/guard';
import type { AnyDb } from '../resource/entity-resource';

/** A hit: its kind (the entity's title), title, subtitle and the link it leads to. */
type SearchHit = Record<'kind' | 'title' | 'subtitle' | 'link', string>;

const PER_KIND = 5;
const MIN_LENGTH = 2;
const MAX_LENGTH = 40;

/** `upper(column) LIKE 'Q%' ESCAPE '\'`: a record number found by its prefix, whatever its case (wildcards escaped). */
const startsWith = (column: string, q: string) => sql<SqlBool>`upper(${sql.ref(column)}) like ${`${escapeLike(q.toUpperCase())}%`} escape '\\'`;

/** A kind of hit: the query codes any of which lets the caller search it, and the search. */
type Searcher = { codes: number[]; run: (db: Kysely<Database>, ctx: SignedInContext, q: string) => Promise<SearchHit[]> };

type Hit = { title: string; subtitle: string };

/**
 * Records of an entity found in the caller's scope (by its `tie`; unless given, its enterprise and supplier columns): the
 * hit is the entity's title and label field, its subtitle a column (`ent.entName` is the record's enterprise, joined when
 * the table is not `ent` itself, masked when `masked`); found by the label's prefix unless `match` says otherwise, newest
 * or oldest first; `link` says where the hit leads; more entities' query codes may search it (`alsoBy`).
 */
function searcher(entity: Entity, subtitle: string, order: 'asc' | 'desc', link: (hit: Hit, ctx: SignedInContext, q: string) => string, more: { match?: (q: string, ctx: SignedInContext) => Expression<SqlBool>; alsoBy?: Entity[]; tie?: Tie; masked?: 'idNumber' } = {}): Searcher {
  const { table } = entity;
  const label = `${table}.${entity.labelField}`;
  const tie = more.tie ?? { entSupplier: { ent: table === 'ent' ? 'ent.id' : `${table}.entId`, supplier: `${table}.supplierId` } };
  return {
    codes: [entity, ...(more.alsoBy ?? [])].map((e) => e.codes.query),
    run: async (db, ctx, q) => {
      let qb = (db as AnyDb).selectFrom(table);
      if (!more.tie && table !== 'ent') qb = qb.innerJoin('ent', 'ent.id', `${table}.entId`);
      const rows: Hit[] = await qb
        .select([`${label} as title`, `${subtitle} as subtitle`])
        .where(more.match ? more.match(q, ctx) : startsWith(label, q))
        .where(inScope(db, tie, ctx.caller.scope))
        .orderBy(`${table}.id`, order)
        .limit(PER_KIND)
        .execute();
      return rows.map((r) => ({ kind: entity.title, ...r, subtitle: more.masked ? maskPersonal(more.masked, r.subtitle) : r.subtitle, link: link(r, ctx, q) }));
    },
  };
}

/** A talent is found by the whole ID number only by a holder of 20110 (who may reveal it anyway). */
const byNumber = (ctx: SignedInContext, q: string) => (ctx.caller.perms.has(TALENT_MGR_CODE) ? [...new Set([q, idNumberKey(q)])] : []);

const SEARCHERS: Searcher[] = [
  searcher(payOrder, 'ent.entName', 'desc', (hit) => `/order/index?orderNo=${encodeURIComponent(hit.title)}`),
  searcher(ent, 'ent.entCode', 'asc', (hit) => `/ent/index?entCode=${encodeURIComponent(hit.subtitle)}`, { match: (q) => sql<SqlBool>`(${startsWith('ent.entCode', q)} or ${likeContains('ent.entName', q)})` }),
  searcher(cust, 'cust.idNumber', 'asc', (hit, ctx, q) => `/cust/ent?${byNumber(ctx, q).includes(hit.subtitle) ? `idNumber=${encodeURIComponent(hit.subtitle)}` : `name=${encodeURIComponent(hit.title)}`}`, {
    match: (q, ctx) => (byNumber(ctx, q).length ? sql<SqlBool>`(${likeContains('cust.name', q)} or ${sql.ref('cust.idNumber')} in (${sql.join(byNumber(ctx, q))}))` : likeContains('cust.name', q)),
    tie: { talent: 'cust.id' },
    masked: 'idNumber',
  }),
  // A merchant reads its enterprises' applications from 开票信息 (it has no 申请记录 menu); 开出记录's holders search them too.
  searcher(invoiceApply, 'ent.entName', 'desc', (hit, ctx) => {
    if (ctx.caller.user.adminType === AdminType.MER) return '/invoice/invoiceInfo';
    const toMe = !ctx.caller.perms.has(invoiceApply.codes.query);
    return `${toMe ? '/invoice/toMeApply/1' : '/invoice/myApply/0'}?applyNo=${encodeURIComponent(hit.title)}`;
  }, { alsoBy: [invoiceApplyToMe] }),
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
        const allowed = SEARCHERS.filter((s) => s.codes.some((code) => ctx.caller.perms.has(code)));
        return (await Promise.all(allowed.map((s) => s.run(deps.db, ctx, q)))).flat();
      }),
    },
  ];
}
