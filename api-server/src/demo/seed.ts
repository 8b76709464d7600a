import { AdminType } from '@flexpay/shared-utility/src/pure';
import type { Kysely, Transaction } from 'kysely';
import { PLATFORM_CODE } from '../account/user-info';
import type { Database } from '../db/schema';
import { hashPassword, verifyPassword } from '../security/password';
import { HOUR_MS, MINUTE_MS, shanghaiDayStart } from '../util/time';
import { seedSubAccounts } from './seed-admins';
import { seedAgreements } from './seed-agreement';
import { seedAuditTrail } from './seed-audit';
import { DEMO_USERS } from './demo-users';
import { seedClients } from './seed-client';
import { seedFees } from './seed-fee';
import { seedInvoiceApplications, seedInvoicing } from './seed-invoice';
import { seedPackages, seedTaskCategories } from './seed-task';
import { seedTalents } from './seed-talent';
import { seedOrderLines, seedTempOrderRows } from './seed-order';
import { seedMoney, seedTaxProofs } from './seed-money';
import { seedStatements } from './seed-statement';
import { seedOrgArea } from './seed-org';
import { seedSupplierArea } from './seed-supplier';

/** CONTRACT.md "Demo data": documented in the README and shown on the login page in demo mode. */
export const DEMO_PASSWORD = 'Flexpay@2026';
export { DEMO_USERS } from './demo-users';

const DAY_MS = 24 * HOUR_MS;

export async function databaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('admin_user').select('userId').limit(1).executeTakeFirst();
  return !row;
}

/** Production refuses to start while any account can still sign in with the demo password. */
export async function accountsWithDemoPassword(db: Kysely<Database>): Promise<string[]> {
  const users = await db.selectFrom('admin_user').select(['username', 'passwordHash', 'passwordSalt']).execute();
  const found: string[] = [];
  for (const user of users) if (await verifyPassword(DEMO_PASSWORD, user)) found.push(user.username);
  return found;
}

async function insertMercht(trx: Transaction<Database>, now: number, code: string, name: string, type: number, supplierId: number | null, contact: [string, string]) {
  const row = await trx
    .insertInto('mercht')
    .values({ merchtCode: code, name, merchtType: type, parentId: null, supplierId, status: 0, contactName: contact[0], contactPhone: contact[1], createdAt: now - 90 * DAY_MS, updatedAt: now - 90 * DAY_MS })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertEnt(trx: Transaction<Database>, now: number, code: string, entName: string, merchtId: number, supplierId: number, contact: [string, string]) {
  const row = await trx
    .insertInto('ent')
    .values({ entCode: code, entName, merchtId, supplierId, status: 0, contactName: contact[0], contactPhone: contact[1], createdAt: now - 60 * DAY_MS, updatedAt: now - 60 * DAY_MS })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A small, realistic data set: 2 suppliers, 2 agent merchants, 3 enterprises, 20 talents and
 * orders, reviews and invoices in several states, some created today (Asia/Shanghai).
 */
export async function seedDemo(db: Kysely<Database>, now = Date.now(), uploads?: string): Promise<void> {
  const top = await Promise.all([0, 1, 2, 3].map(() => hashPassword(DEMO_PASSWORD)));
  // One hash for every demo sub-account (they share the demo password; scrypt once, not per account).
  const subPassword = await hashPassword(DEMO_PASSWORD);
  const dayStart = shanghaiDayStart(now);
  // Rows "from today" stay inside today even when seeded just after midnight.
  const todayAt = (minutesAgo: number) => Math.max(dayStart, now - minutesAgo * MINUTE_MS);
  const daysAgo = (days: number, hour = 10) => dayStart - days * DAY_MS + hour * HOUR_MS;

  await db.transaction().execute(async (trx) => {
    const spr1 = await insertMercht(trx, now, 'SPR0001', '海南云聚人力资源服务有限公司', 300, null, ['陈晓东', '13907550001']);
    const spr2 = await insertMercht(trx, now, 'SPR0002', '江西赣通企业服务有限公司', 300, null, ['刘建华', '13879100002']);
    const mer1 = await insertMercht(trx, now, 'MER0001', '上海启航商务咨询有限公司', 0, spr1, ['王海涛', '13816200003']);
    const mer2 = await insertMercht(trx, now, 'MER0002', '杭州链客科技有限公司', 0, spr2, ['赵雅琴', '13757100004']);
    const ent1 = await insertEnt(trx, now, 'ENT0001', '北京星辰物流有限公司', mer1, spr1, ['孙立新', '13601000005']);
    const ent2 = await insertEnt(trx, now, 'ENT0002', '深圳蓝海电子商务有限公司', mer1, spr1, ['黄美玲', '13760000006']);
    const ent3 = await insertEnt(trx, now, 'ENT0003', '成都巴蜀餐饮管理有限公司', mer2, spr2, ['李成刚', '13880000007']);
    const ents = [
      { id: ent1, supplierId: spr1, merchtId: mer1 },
      { id: ent2, supplierId: spr1, merchtId: mer1 },
      { id: ent3, supplierId: spr2, merchtId: mer2 },
    ];

    const users = [
      { username: DEMO_USERS.SYS, name: '平台管理员', phone: '13800000001', adminType: AdminType.SYS, terCode: PLATFORM_CODE, orgId: null },
      { username: DEMO_USERS.SPR, name: '陈晓东', phone: '13907550001', adminType: AdminType.SPR, terCode: 'SPR0001', orgId: spr1 },
      { username: DEMO_USERS.MER, name: '王海涛', phone: '13816200003', adminType: AdminType.MER, terCode: 'MER0001', orgId: mer1 },
      { username: DEMO_USERS.ENT, name: '孙立新', phone: '13601000005', adminType: AdminType.ENT, terCode: 'ENT0001', orgId: ent1 },
    ];
    await trx
      .insertInto('admin_user')
      .values(
        users.map((u, i) => ({
          ...u,
          ...top[i],
          wechat: null,
          email: `${u.username}@flexpay.example.com`,
          sex: 0,
          avatar: null,
          remark: '演示账号',
          status: 0,
          isTopAdmin: 1,
          guideStep: -1,
          parentUserId: null,
          createdAt: now - 90 * DAY_MS,
          updatedAt: now - 90 * DAY_MS,
        })),
      )
      .execute();

    const packages: Array<[string, number, number, number, number | null, number | null, string, string, number]> = [
      ['同城配送骑手招募', 0, 20, 30, 300000, 800000, 'REVIEWED', 'SHOWED', 10],
      ['仓储分拣临时工', 0, 10, 20, 200000, null, 'REVIEWED', 'FINISHED', 20],
      ['直播带货助理', 1, 10, 30, 500000, 1200000, 'INIT', 'HIDDEN', 0],
      ['门店促销推广', 2, 20, 10, null, null, 'REVIEWED', 'HIDDEN', 10],
      ['宴会服务兼职', 2, 10, 20, 150000, null, 'INIT', 'HIDDEN', 0],
    ];
    await trx
      .insertInto('work_package')
      .values(
        packages.map(([name, e, packageType, priceType, lower, upper, reviewStatus, pkgStatus, status], i) => ({
          packageCode: `PKG${String(i + 1).padStart(5, '0')}`,
          name,
          entId: ents[e].id,
          supplierId: ents[e].supplierId,
          packageType,
          priceType,
          priceLowerFen: lower,
          priceUpperFen: upper,
          reviewStatus,
          pkgStatus,
          status,
          createdAt: daysAgo(20 - i * 3),
          updatedAt: daysAgo(20 - i * 3),
        })),
      )
      .execute();

    // [enterprise index, status, amount fen, detail count, created at]
    const orders: Array<[number, number, number, number, number]> = [
      [0, 62, 12850000, 18, daysAgo(28)],
      [0, 62, 6420050, 9, daysAgo(21)],
      [1, 162, 3310000, 6, daysAgo(14)],
      [2, 64, 880000, 2, daysAgo(12)],
      [1, 62, 15600000, 25, daysAgo(9)],
      [2, 62, 4275000, 7, daysAgo(6)],
      [0, 24, 990000, 3, daysAgo(4)],
      [1, 12, 120000, 1, daysAgo(3)],
      [2, 54, 2600000, 4, daysAgo(2)],
      [0, 60, 5000000, 8, daysAgo(1)],
      [0, 62, 2345678, 5, todayAt(180)],
      [0, 50, 1000000, 2, todayAt(90)],
      [1, 20, 760050, 3, todayAt(60)],
      [2, 0, 1999900, 4, todayAt(30)],
      [2, 10, 50000, 1, todayAt(5)],
      [1, 22, 300000, 2, daysAgo(1, 15)],
      [0, 52, 450000, 3, daysAgo(1, 16)],
    ];
    await trx
      .insertInto('pay_order')
      .values(
        orders.map(([e, status, amountFen, detailCount, createdAt], i) => ({
          orderNo: `PO${String(i + 1).padStart(8, '0')}`,
          entId: ents[e].id,
          supplierId: ents[e].supplierId,
          merchtId: ents[e].merchtId,
          status,
          amountFen,
          // 6.5 % service fee in whole fen; display data only.
          feeFen: Math.round((amountFen * 65) / 1000),
          detailCount,
          // Orders waiting for or under review are on the manual channel 0 (it always asks review).
          payChannel: status === 20 || status === 22 ? 0 : 1,
          createdAt,
          updatedAt: createdAt,
        })),
      )
      .execute();

    const temps: Array<[number, number, number, number]> = [
      [0, 20, 3200000, 6],
      [1, 20, 1880000, 4],
      [2, 20, 990000, 2],
      [0, 0, 450000, 1],
      [1, 21, 2200000, 3],
      [2, 30, 5100000, 9],
      [0, 10, 1250000, 3],
    ];
    await trx
      .insertInto('temp_order')
      .values(
        temps.map(([e, status, amountFen, detailCount], i) => ({
          tempNo: `TO${String(i + 1).padStart(8, '0')}`,
          entId: ents[e].id,
          supplierId: ents[e].supplierId,
          status,
          amountFen,
          detailCount,
          createdAt: daysAgo(5 - i * 0.5),
          updatedAt: daysAgo(5 - i * 0.5),
        })),
      )
      .execute();

    const invoices: Array<[number, number, number, number]> = [
      [0, 10, 12850000, 1],
      [1, 10, 3310000, 2],
      [2, 20, 4275000, 2],
      [0, 30, 6420050, 1],
      [2, 22, 880000, 4],
    ];
    await trx
      .insertInto('invoice_apply')
      .values(
        invoices.map(([e, status, amountFen, invoiceKind], i) => ({
          applyNo: `IA${String(i + 1).padStart(8, '0')}`,
          entId: ents[e].id,
          supplierId: ents[e].supplierId,
          amountFen,
          invoiceKind,
          status,
          createdAt: daysAgo(10 - i),
          updatedAt: daysAgo(10 - i),
        })),
      )
      .execute();

    await trx
      .insertInto('notice')
      .values([
        { title: '系统升级通知', content: '平台将于本周六 02:00-04:00 进行系统升级，期间代发业务暂停受理。', target: 0, status: 0, createdAt: daysAgo(2), updatedAt: daysAgo(2) },
        { title: '开票资料核对提醒', content: '请各企业于月底前核对开票信息，确保税号与开户行信息准确。', target: 20, status: 0, createdAt: daysAgo(1), updatedAt: daysAgo(1) },
        // The supplier's own: one scheduled for next week, one already taken down (neither shows yet).
        { title: '月末结算时间调整', content: '自下月起，月末结算截止时间调整为每月最后一个工作日 16:00，请合理安排代发批次。', target: 20, status: 0, publisherId: spr1, publishAt: daysAgo(-5, 9), createdAt: daysAgo(1), updatedAt: daysAgo(1) },
        { title: '国庆假期代发安排', content: '国庆假期期间代发业务正常受理，银行到账时间可能顺延。', target: 0, status: 1, publisherId: spr1, createdAt: daysAgo(40), updatedAt: daysAgo(30) },
      ])
      .execute();

    // What the SMS provider sent lately (短信记录); the codes in them have long expired.
    await trx
      .insertInto('sms_outbox')
      .values([
        { phone: '13601000005', smsType: 100, purpose: null, content: '【FlexPay】北京星辰物流有限公司：您的充值 200000.00 元已到账，当前可用余额 567890.12 元。', createdAt: daysAgo(3, 15) },
        { phone: '13907550001', smsType: 10, purpose: 2, content: '【FlexPay】您的登录验证码为 482913，5 分钟内有效，请勿泄露给他人。', createdAt: daysAgo(2, 9) },
        { phone: '13816200003', smsType: 10, purpose: 3, content: '【FlexPay】您正在找回密码，验证码为 650274，5 分钟内有效。', createdAt: daysAgo(2, 11) },
        { phone: '13760000006', smsType: 110, purpose: null, content: '【FlexPay】深圳蓝海电子商务有限公司：您的退款申请 5000.00 元已处理完成。', createdAt: daysAgo(1, 16) },
        { phone: '13601000005', smsType: 20, purpose: null, content: '【FlexPay】您正在确认代发批次，支付验证码为 317508，5 分钟内有效。', createdAt: daysAgo(0, 9) },
      ])
      .execute();

    await trx
      .insertInto('mail_outbox')
      .values([
        { email: 'merchant01@flexpay.example.com', subject: 'FlexPay 找回密码验证码', content: '【FlexPay】您正在找回账号 merchant01 的登录密码，验证码为 904215，5分钟内有效。如非本人操作请忽略。', createdAt: daysAgo(6, 20) },
        { email: 'enterprise01@flexpay.example.com', subject: 'FlexPay 找回密码验证码', content: '【FlexPay】您正在找回账号 enterprise01 的登录密码，验证码为 118342，5分钟内有效。如非本人操作请忽略。', createdAt: daysAgo(1, 8) },
      ])
      .execute();

    await seedSubAccounts(trx, { now, password: subPassword });
    const sys = await trx.selectFrom('admin_user').select('userId').where('username', '=', DEMO_USERS.SYS).executeTakeFirstOrThrow();
    await seedSupplierArea(trx, { now, spr1, spr2, sysUserId: sys.userId, uploads });
    await seedOrgArea(trx, { now, spr1, spr2, mer1, mer2, ents: [ent1, ent2, ent3], sysUserId: sys.userId, uploads });
    await seedMoney(trx, { now, ents, uploaderId: sys.userId, uploads });
    await seedTaxProofs(trx, { now, ents, uploaderId: sys.userId, uploads });
    await seedTalents(trx, { now, ents, uploaderId: sys.userId, uploads });
    await seedAgreements(trx, { now, spr1, spr2, operator: '陈晓东' });
    await seedAuditTrail(trx, now);
    await seedFees(trx, now);
    await seedOrderLines(trx, now);
    // Last and this month's recharge per account, then each ledger in time order (对账单).
    await seedStatements(trx, { now, uploaderId: sys.userId, uploads });
    await seedTempOrderRows(trx, now);
    await seedClients(trx, now);
    await seedInvoicing(trx, now);
    await seedTaskCategories(trx, now);
    await seedPackages(trx, now);
    // Last: applications cover the finished orders and their ledger deductions seeded above.
    await seedInvoiceApplications(trx, { now, uploaderId: sys.userId, uploads });
  });
}
