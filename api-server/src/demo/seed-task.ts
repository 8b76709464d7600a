/**
 * Demo task categories (DOMAIN.md §7, §12): two levels per supplier, the second-level ones invoiced as
 * one of the supplier's items; the demo packages are filed under them, so deleting one is refused.
 */
import { formatFen, storedPayoutRow } from '@flexpay/shared-utility/src/pure';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { checkRows, entContext, monthOf } from '../domain/order/service';
import { nextCode } from '../resource/serial';

const DAY_MS = 24 * 3600_000;

/** supplier code → first-level name → second-level names (each with the item it is invoiced as). */
const TREE: Record<string, Record<string, Array<[string, string]>>> = {
  SPR0001: {
    物流配送: [['同城配送', '*物流辅助服务*装卸搬运服务'], ['仓储分拣', '*物流辅助服务*装卸搬运服务']],
    企业服务: [['市场推广', '*现代服务*企业管理服务'], ['数据标注', '*现代服务*人力资源外包服务']],
  },
  SPR0002: {
    餐饮服务: [['门店帮厨', '*生活服务*餐饮服务'], ['外卖配送', '*现代服务*人力资源外包服务']],
  },
};

export async function seedTaskCategories(trx: Transaction<Database>, now: number): Promise<void> {
  let n = 0;
  const at = () => now - (60 - n++) * DAY_MS;
  for (const [code, firsts] of Object.entries(TREE)) {
    const supplier = await trx.selectFrom('mercht').select('id').where('merchtCode', '=', code).executeTakeFirstOrThrow();
    const items = new Map((await trx.selectFrom('invoice_item').select(['id', 'itemName']).where('supplierId', '=', supplier.id).execute()).map((i) => [i.itemName, i.id]));
    const seconds: number[] = [];
    for (const [first, children] of Object.entries(firsts)) {
      const t = at();
      const parent = await trx.insertInto('task_category').values({ supplierId: supplier.id, parentId: null, categoryName: first, invoiceItemId: null, remark: null, createdAt: t, updatedAt: t }).returning('id').executeTakeFirstOrThrow();
      for (const [name, item] of children) {
        const c = at();
        const child = await trx
          .insertInto('task_category')
          .values({ supplierId: supplier.id, parentId: parent.id, categoryName: name, invoiceItemId: items.get(item) ?? null, remark: null, createdAt: c, updatedAt: c })
          .returning('id')
          .executeTakeFirstOrThrow();
        seconds.push(child.id);
      }
    }
    const packages = await trx.selectFrom('work_package').select('id').where('supplierId', '=', supplier.id).orderBy('id').execute();
    for (const [i, p] of packages.entries()) await trx.updateTable('work_package').set({ categoryId: seconds[i % seconds.length] }).where('id', '=', p.id).execute();
  }
}

/** yyyy-MM-dd in Asia/Shanghai, `days` from `now`. */
const dayText = (now: number, days: number) => new Date(now + days * DAY_MS + 8 * 3600_000).toISOString().slice(0, 10);

/** One demo package: enterprise code, state triple, price, dates (days from today) and who takes it. */
interface DemoPackage {
  code: string;
  name: string;
  ent: string;
  packageType: 10 | 20;
  priceType: 10 | 20 | 30;
  lower: number | null;
  upper: number | null;
  reviewStatus: 'INIT' | 'REVIEWED';
  pkgStatus: 'HIDDEN' | 'SHOWED' | 'FINISHED';
  status: number;
  start: number;
  end: number;
  description: string;
  reviewRemark?: string;
  /** Talent indexes among the enterprise's talents: [index, taker status]. */
  takers?: Array<[number, 10 | 20 | 90]>;
  /** Private packages: the assigned talents' indexes. */
  assigned?: number[];
}

/**
 * Demo packages in every state (DOMAIN.md §7, §12): the five of seed.ts get dates and descriptions,
 * more are added so each screen of /task/userPackage…5 has rows and each action a row to act on;
 * takers in 10/20/90 and assigned talents for the private ones. Talents are the enterprise's own
 * (a cooperation row, added here for a demo talent that has none yet).
 */
const PACKAGES: DemoPackage[] = [
  { code: 'PKG00001', name: '同城配送骑手招募', ent: 'ENT0001', packageType: 20, priceType: 30, lower: 300000, upper: 800000, reviewStatus: 'REVIEWED', pkgStatus: 'SHOWED', status: 10, start: -20, end: 40, description: '负责朝阳区、海淀区同城即时配送，自备电动车，按单结算。', assigned: [0, 1, 2, 3], takers: [[0, 10], [1, 20], [2, 10]] },
  { code: 'PKG00002', name: '仓储分拣临时工', ent: 'ENT0001', packageType: 10, priceType: 20, lower: 200000, upper: null, reviewStatus: 'REVIEWED', pkgStatus: 'FINISHED', status: 20, start: -40, end: -5, description: '双十一大促期间仓库分拣、打包、贴单，每日8小时。', takers: [[3, 20], [4, 20], [5, 90]] },
  { code: 'PKG00003', name: '直播带货助理', ent: 'ENT0002', packageType: 10, priceType: 30, lower: 500000, upper: 1200000, reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 0, start: 3, end: 60, description: '协助主播选品、场控与售后答疑，每周直播不少于5场。' },
  { code: 'PKG00004', name: '门店促销推广', ent: 'ENT0003', packageType: 20, priceType: 10, lower: null, upper: null, reviewStatus: 'REVIEWED', pkgStatus: 'HIDDEN', status: 30, start: -10, end: 30, description: '周末门店试吃推广与会员拉新，报酬面议。', assigned: [0, 1] },
  { code: 'PKG00005', name: '宴会服务兼职', ent: 'ENT0003', packageType: 10, priceType: 20, lower: 150000, upper: null, reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 0, start: 5, end: 35, description: '婚宴、商务宴会现场传菜与摆台，需穿着统一工服。' },
  { code: 'PKG00006', name: '商品数据标注', ent: 'ENT0002', packageType: 10, priceType: 30, lower: 80000, upper: 300000, reviewStatus: 'REVIEWED', pkgStatus: 'SHOWED', status: 10, start: -15, end: 45, description: '电商商品图片分类与属性标注，线上完成，按件计酬。', takers: [[0, 10], [1, 20], [2, 90], [3, 10]] },
  { code: 'PKG00007', name: '展会现场协助', ent: 'ENT0002', packageType: 10, priceType: 20, lower: 60000, upper: null, reviewStatus: 'REVIEWED', pkgStatus: 'HIDDEN', status: 0, start: 7, end: 20, description: '国际会展中心展位搭建协助与观众引导，共3天。' },
  { code: 'PKG00008', name: '社区团购配送', ent: 'ENT0001', packageType: 10, priceType: 20, lower: 120000, upper: null, reviewStatus: 'REVIEWED', pkgStatus: 'HIDDEN', status: 40, start: -45, end: -3, description: '社区团购自提点商品配送到户，已过截止日期。', takers: [[6, 10]] },
  { code: 'PKG00009', name: '节日礼品包装', ent: 'ENT0001', packageType: 20, priceType: 10, lower: null, upper: null, reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 50, start: 2, end: 25, description: '春节礼盒包装与装箱。', reviewRemark: '任务描述过于简单，请补充工作地点与工时要求后重新发布' },
  { code: 'PKG00010', name: '门店帮厨', ent: 'ENT0003', packageType: 10, priceType: 30, lower: 180000, upper: 260000, reviewStatus: 'REVIEWED', pkgStatus: 'SHOWED', status: 10, start: -8, end: 50, description: '中央厨房备菜、切配与清洁，早班6:00—14:00。', takers: [[2, 10], [3, 20]] },
  { code: 'PKG00011', name: '商场地推活动', ent: 'ENT0002', packageType: 10, priceType: 20, lower: 90000, upper: null, reviewStatus: 'REVIEWED', pkgStatus: 'HIDDEN', status: 50, start: -30, end: 10, description: '商场中庭品牌地推，活动已取消。' },
  { code: 'PKG00012', name: '仓库夜班理货', ent: 'ENT0001', packageType: 10, priceType: 20, lower: 250000, upper: null, reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 0, start: 1, end: 31, description: '夜间到货卸车、上架与盘点，22:00—次日6:00。' },
];

export async function seedPackages(trx: Transaction<Database>, now: number): Promise<void> {
  const ents = new Map((await trx.selectFrom('ent').select(['id', 'entCode', 'supplierId']).execute()).map((e) => [e.entCode, e]));
  const talentsOf = new Map<number, number[]>();
  for (const e of ents.values()) {
    const custs = await trx.selectFrom('cust').select('id').where('entId', '=', e.id).orderBy('id').execute();
    for (const c of custs) {
      const linked = await trx.selectFrom('cust_coop_ent').select('id').where('custId', '=', c.id).where('entId', '=', e.id).executeTakeFirst();
      if (!linked) await trx.insertInto('cust_coop_ent').values({ custId: c.id, entId: e.id, status: 0, remark: null, createdAt: now - 40 * DAY_MS, updatedAt: now - 40 * DAY_MS }).execute();
    }
    talentsOf.set(e.id, custs.map((c) => c.id));
  }
  const categories = new Map<number, number[]>();
  for (const [i, p] of PACKAGES.entries()) {
    const ent = ents.get(p.ent)!;
    if (!categories.has(ent.supplierId))
      categories.set(ent.supplierId, (await trx.selectFrom('task_category').select('id').where('supplierId', '=', ent.supplierId).where('parentId', 'is not', null).orderBy('id').execute()).map((c) => c.id));
    const cats = categories.get(ent.supplierId)!;
    const created = now + Math.min(p.start, -1) * DAY_MS - (i + 1) * 3600_000;
    const values = {
      name: p.name,
      entId: ent.id,
      supplierId: ent.supplierId,
      packageType: p.packageType,
      priceType: p.priceType,
      priceLowerFen: p.lower,
      priceUpperFen: p.upper,
      reviewStatus: p.reviewStatus,
      pkgStatus: p.pkgStatus,
      status: p.status,
      categoryId: cats.length ? cats[i % cats.length] : null,
      startDate: dayText(now, p.start),
      endDate: dayText(now, p.end),
      description: p.description,
      reviewRemark: p.reviewRemark ?? null,
      updatedAt: created + 3600_000,
    };
    const existing = await trx.selectFrom('work_package').select('id').where('packageCode', '=', p.code).executeTakeFirst();
    const id = existing
      ? (await trx.updateTable('work_package').set(values).where('id', '=', existing.id).execute(), existing.id)
      : (await trx.insertInto('work_package').values({ ...values, packageCode: p.code, createdAt: created }).returning('id').executeTakeFirstOrThrow()).id;
    const talents = talentsOf.get(ent.id) ?? [];
    for (const t of p.assigned ?? []) if (talents[t] !== undefined) await trx.insertInto('work_package_talent').values({ packageId: id, custId: talents[t], createdAt: created + 2 * 3600_000 }).execute();
    for (const [k, [t, status]] of (p.takers ?? []).entries()) {
      if (talents[t] === undefined) continue;
      const taken = created + (k + 1) * DAY_MS;
      await trx
        .insertInto('work_package_taker')
        .values({ packageId: id, custId: talents[t], status, completedAt: status === 20 ? taken + 2 * DAY_MS : null, remark: status === 90 ? '个人原因无法继续' : null, createdAt: taken, updatedAt: status === 10 ? taken : taken + 2 * DAY_MS })
        .execute();
    }
  }
  await seedSettlement(trx, now, 'PKG00002', 88_000);
}

/**
 * 从业者结算 has a row at first start: a finished package's completed takers in a settlement temp
 * order (发起结算 done, 提交 still to do), each row checked like an upload.
 */
async function seedSettlement(trx: Transaction<Database>, now: number, packageCode: string, amountFen: number): Promise<void> {
  const db = trx as unknown as Kysely<Database>;
  const pkg = await db.selectFrom('work_package').select(['id', 'entId', 'supplierId']).where('packageCode', '=', packageCode).executeTakeFirst();
  if (!pkg) return;
  const takers = await db
    .selectFrom('work_package_taker as k')
    .innerJoin('cust as c', 'c.id', 'k.custId')
    .select(['c.name', 'c.idType', 'c.idNumber', 'c.phone', 'c.bankCard', 'c.bankName'])
    .where('k.packageId', '=', pkg.id)
    .where('k.status', '=', 20)
    .orderBy('k.id')
    .execute();
  if (takers.length === 0) return;
  const ctx = await entContext(db, pkg.entId);
  const created = now - DAY_MS;
  const rows = takers.map((t, i) => storedPayoutRow({ name: t.name, idType: String(t.idType), idNumber: t.idNumber, phone: t.phone, account: t.bankCard ?? '', bankName: t.bankName, amount: formatFen(amountFen), remark: `${packageCode}结算` }, i + 1));
  const checks = await checkRows(db, ctx, rows, { packageCode, month: monthOf(now) });
  const temp = await db
    .insertInto('temp_order')
    .values({
      tempNo: await nextCode(trx as never, 'temp_order', 'tempNo', 'TO', 8),
      entId: pkg.entId,
      supplierId: pkg.supplierId,
      payChannel: 1,
      packageCode,
      remark: '任务包结算',
      needReview: ctx.tempOrderReview ? 1 : 0,
      status: 0,
      amountFen: amountFen * rows.length,
      detailCount: rows.length,
      errorCount: checks.filter((c) => c.errorType !== 0).length,
      operatorName: '陈晓东',
      createdAt: created,
      updatedAt: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('temp_order_detail').values(rows.map((r, i) => ({ ...r, tempOrderId: temp.id, errorType: checks[i].errorType, errorMsg: checks[i].errorMsg, createdAt: created, updatedAt: created }))).execute();
}
