/**
 * Demo data of the organisation graph (issue 14, DOMAIN.md §12): a sub-merchant under MER0001 with an
 * enterprise of its own, a sub-enterprise of ENT0001, every enterprise's payout switches and
 * cooperation row, enterprise contracts in every state, merchant contracts and enterprise files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { demoPdf } from './seed-supplier';

const DAY_MS = 24 * 3600_000;

export async function seedOrgArea(
  trx: Transaction<Database>,
  ids: { now: number; spr1: number; spr2: number; mer1: number; mer2: number; ents: number[]; sysUserId: number; uploads?: string },
): Promise<void> {
  const { now, spr1, mer1, mer2 } = ids;
  const stamp = (days: number) => ({ createdAt: now - days * DAY_MS, updatedAt: now - days * DAY_MS });
  const year = new Date(now + 8 * 3600_000).getUTCFullYear();

  const mer3 = (
    await trx
      .insertInto('mercht')
      .values({ merchtCode: 'MER0003', name: '苏州联创企业管理有限公司', merchtType: 0, parentId: mer1, supplierId: spr1, status: 0, contactName: '吴晓峰', contactPhone: '13962100010', ...stamp(70) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await trx.updateTable('mercht').set({ virtualType: 10 }).where('id', '=', ids.mer2).execute();

  const [ent1, ent2, ent3] = ids.ents;
  const profile: Array<[number, string, string, string, string]> = [
    [ent1, '91110105MA01R8XK3B', '交通运输、仓储和邮政业', '北京市朝阳区', '北京市朝阳区望京街道阜通东大街6号'],
    [ent2, '91440300MA5G4QJ21T', '批发和零售业', '广东省深圳市', '深圳市南山区粤海街道科技园中区科苑路15号'],
    [ent3, '91510100MA6CJ8RX0P', '住宿和餐饮业', '四川省成都市', '成都市锦江区春熙路北段88号'],
  ];
  for (const [id, creditCode, industry, area, address] of profile) await trx.updateTable('ent').set({ creditCode, industry, area, address, quoteRatio: 65000, quoteRemark: '按代发金额6.5%外扣，月结' }).where('id', '=', id).execute();
  const insertEnt = async (entCode: string, entName: string, merchtId: number, parentId: number | null, extra: [string, string, string, string], contact: [string, string]) =>
    (
      await trx
        .insertInto('ent')
        .values({ entCode, entName, merchtId, supplierId: spr1, parentId, status: 0, contactName: contact[0], contactPhone: contact[1], creditCode: extra[0], industry: extra[1], area: extra[2], address: extra[3], ...stamp(45) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const ent4 = await insertEnt('ENT0004', '苏州工业园区宏远精密制造有限公司', mer3, null, ['91320594MA1Y7T5K8W', '制造业', '江苏省苏州市', '苏州工业园区星湖街218号'], ['钱志明', '13915200011']);
  const ent5 = await insertEnt('ENT0005', '北京星辰物流（天津）有限公司', mer1, ent1, ['91120116MA07B2LQ5N', '交通运输、仓储和邮政业', '天津市滨海新区', '天津港保税区海滨八路66号'], ['孙立新', '13601000005']);
  const all = [ent1, ent2, ent3, ent4, ent5];

  await trx
    .insertInto('ent_config')
    .values(
      all.map((entId, i) => ({
        entId,
        limitType: i === 2 ? 1 : 0,
        singleLimitFen: i === 2 ? 3_000_000 : null,
        monthlyLimitFen: i === 2 ? 8_000_000 : null,
        requireIdPhoto: 1,
        requireSign: 1,
        requireTaxReg: i === 3 ? 1 : 0,
        orderReview: i === 1 ? 1 : 0,
        tempOrderReview: i === 0 ? 1 : 0,
        ...stamp(44),
      })),
    )
    .execute();

  const supplierOf = new Map((await trx.selectFrom('ent').select(['id', 'supplierId']).where('id', 'in', all).execute()).map((e) => [e.id, e.supplierId]));
  await trx
    .insertInto('ent_coop')
    .values(all.map((entId) => ({ entId, supplierId: supplierOf.get(entId)!, coopStatus: entId === ent4 ? 1 : 0, reason: entId === ent4 ? '合同续签中，暂停新增代发' : null, ...stamp(44) })))
    .execute();

  const contracts: Array<[string, number, number, string | null, number, string, string, number]> = [
    [`HT${year}0001`, ent1, 0, null, 10, `${year}-01-01`, `${year}-12-31`, 0],
    [`HT${year}0002`, ent1, 10, `HT${year}0001`, 10, `${year}-06-01`, `${year}-12-31`, 0],
    [`HT${year - 1}0007`, ent2, 0, null, 20, `${year - 1}-01-01`, `${year - 1}-12-31`, 0],
    [`HT${year}0003`, ent2, 0, null, 20, `${year}-01-01`, `${year}-12-31`, 0],
    [`HT${year}0004`, ent3, 0, null, 10, `${year}-03-01`, `${year + 1}-02-28`, 0],
    [`HT${year}0005`, ent4, 0, null, 10, `${year}-01-01`, `${year}-06-30`, 1],
    [`HT${year + 1}0001`, ent4, 0, null, 10, `${year + 1}-01-01`, `${year + 1}-12-31`, 0],
    [`HT${year}0006`, ent5, 0, null, 10, `${year}-04-01`, `${year + 1}-03-31`, 0],
  ];
  await trx
    .insertInto('ent_contract')
    .values(
      contracts.map(([contractNo, entId, category, parentContractNo, contractType, startDate, endDate, status], i) => ({
        contractNo, entId, category, parentContractNo, contractType, startDate, endDate, file: null, status,
        remark: status === 1 ? '双方协商提前终止' : category === 10 ? '补充约定服务费结算周期' : null,
        ...stamp(300 - i * 20),
      })),
    )
    .execute();

  await trx
    .insertInto('mercht_contract')
    .values([
      { contractNo: `DL${year}0001`, merchtId: mer1, contractType: 50, startDate: `${year}-01-01`, endDate: `${year + 2}-12-31`, file: null, status: 0, remark: '华东区域代理', ...stamp(320) },
      { contractNo: `JT${year}0002`, merchtId: mer2, contractType: 90, startDate: `${year}-03-01`, endDate: `${year + 1}-02-28`, file: null, status: 0, remark: null, ...stamp(260) },
      { contractNo: `DL${year}0003`, merchtId: mer3, contractType: 50, startDate: `${year}-05-01`, endDate: `${year}-10-31`, file: null, status: 1, remark: '代理区域调整，合同终止', ...stamp(200) },
    ])
    .execute();

  const files: Array<[number, number, string]> = [
    [ent1, 23, '营业执照_北京星辰物流.pdf'],
    [ent1, 22, '开户许可证_北京星辰物流.pdf'],
    [ent2, 23, '营业执照_深圳蓝海电子商务.pdf'],
    [ent3, 23, '营业执照_成都巴蜀餐饮.pdf'],
  ];
  for (const [i, [entId, fileType, name]] of files.entries()) {
    const content = demoPdf(`Business licence / account permit #${i + 1}`);
    const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
    const storedAs = `demo-ent-file-${i + 1}.pdf`;
    if (ids.uploads) {
      fs.mkdirSync(ids.uploads, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(ids.uploads, storedAs), content, { mode: 0o600 });
    }
    const file = await trx.insertInto('upload_file').values({ userId: ids.sysUserId, name, fileMd5, size: content.length, storedAs, createdAt: now - 40 * DAY_MS }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('ent_file').values({ entId, fileType, file: JSON.stringify({ url: `/api/admin/file/download?id=${file.id}`, fileMd5, name }), ...stamp(40) }).execute();
  }
}
