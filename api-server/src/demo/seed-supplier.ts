/**
 * Demo data of the 供应商管理 area: tax sources, the suppliers' tax sources, a virtual and a
 * distributor supplier, every pay channel of spec §3, supplier configs, SMS configs, tax proofs with
 * files, bank configs, xkj platforms and tax channels; one disabled row wherever a status exists.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { onePagePdf as demoPdf } from '../documents/pdf';

const DAY_MS = 24 * 3600_000;

export { demoPdf };


export async function seedSupplierArea(
  trx: Transaction<Database>,
  ids: { now: number; spr1: number; spr2: number; sysUserId: number; uploads?: string },
): Promise<void> {
  const { now, spr1, spr2 } = ids;
  const at = (days: number) => now - days * DAY_MS;
  const stamp = (days: number) => ({ createdAt: at(days), updatedAt: at(days) });

  const sources: Array<[string, string, string, string, string, number, number, number]> = [
    ['TS0001', '海南洋浦经济开发区', '海南', '儋州', '国家税务总局洋浦经济开发区税务局', 5_000_000, 10_000_000, 60000],
    ['TS0002', '江西赣州高新区', '江西', '赣州', '国家税务总局赣州市章贡区税务局', 5_000_000, 10_000_000, 30000],
    ['TS0003', '安徽芜湖经开区', '安徽', '芜湖', '国家税务总局芜湖经济技术开发区税务局', 3_000_000, 8_000_000, 60000],
    ['TS0004', '山东青岛西海岸新区', '山东', '青岛', '国家税务总局青岛西海岸新区税务局', 2_000_000, 5_000_000, 10000],
  ];
  const taxSourceIds: number[] = [];
  for (const [i, [tsCode, name, province, city, taxAuthority, single, monthly, vatRate]] of sources.entries()) {
    const row = await trx
      .insertInto('tax_source')
      .values({ tsCode, name, province, city, taxAuthority, singleLimitFen: single, monthlyLimitFen: monthly, vatRate, status: i === 3 ? 1 : 0, remark: i === 3 ? '园区政策调整，暂停新增业务' : null, ...stamp(120 - i * 10) })
      .returning('id')
      .executeTakeFirstOrThrow();
    taxSourceIds.push(row.id);
  }
  await trx.updateTable('mercht').set({ taxSourceId: taxSourceIds[0], creditCode: '91460300MA5T8K2X4Q' }).where('id', '=', spr1).execute();
  await trx.updateTable('mercht').set({ taxSourceId: taxSourceIds[1], creditCode: '91360702MA39BX7L1U' }).where('id', '=', spr2).execute();

  const supplier = async (merchtCode: string, name: string, merchtType: number, parentId: number | null, taxSourceId: number | null, status: number, contact: [string, string]) =>
    (
      await trx
        .insertInto('mercht')
        .values({ merchtCode, name, merchtType, parentId, taxSourceId, status, contactName: contact[0], contactPhone: contact[1], creditCode: null, remark: status ? '资质到期，暂停合作' : null, ...stamp(80) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await supplier('SPR0003', '海南云聚灵活用工服务（虚拟）', 200, spr1, null, 0, ['陈晓东', '13907550001']);
  const distributor = await supplier('SPR0004', '杭州聚才分销服务有限公司', 100, null, null, 0, ['周一鸣', '13957100008']);
  await supplier('SPR0005', '湖南湘才人力资源有限公司', 300, null, taxSourceIds[2], 1, ['谭志勇', '13873100009']);
  await trx.insertInto('distributor_config').values({ supplierId: distributor, upstreamId: spr2, ratio: 15000, remark: '华东区域分销', ...stamp(60) }).execute();

  const channels: Array<[number, string, string, number, number | null, number]> = [
    [0, '人工审核', 'MANUAL', 1, null, 0],
    [1, '网银通道A', 'SIMBANK', 0, 100_000_000, 0],
    [2, '合作方V1（停用）', 'SIMBANK', 1, null, 1],
    [3, 'SOHO支付', 'SIMBANK', 0, 100_000_000, 0],
    [4, '通道4（停用）', 'SIMBANK', 1, null, 1],
    [5, '通道5（停用）', 'SIMBANK', 0, null, 1],
    [6, '合作银行通道', 'SIMBANK', 0, 100_000_000, 0],
    [7, '通道7（停用）', 'SIMBANK', 1, null, 1],
    [99, '默认通道', 'MANUAL', 1, null, 0],
  ];
  await trx
    .insertInto('pay_channel')
    .values(channels.map(([channel, name, adapter, manualCredit, dayLimitFen, status]) => ({ channel, name, adapter, manualCredit, dayLimitFen, status, remark: status ? '通道已停用，余额仍可查询和退款' : null, ...stamp(150) })))
    .execute();

  const configs: Array<[number, number, number, string, string, string, number]> = [
    [spr1, 0, 100, '海南云聚人力资源服务有限公司', '46050100863600001234', '中国建设银行洋浦分行', 0],
    [spr1, 1, 101, '海南云聚人力资源服务有限公司', '6228480086360000123', '中国农业银行洋浦支行', 0],
    [spr1, 3, 102, '海南云聚人力资源服务有限公司', '2201026209000012345', '中国工商银行儋州分行', 0],
    [spr1, 6, 210, '海南云聚人力资源服务有限公司', '755912345610801', '招商银行海口分行', 0],
    [spr1, 99, 100, '海南云聚人力资源服务有限公司', '46050100863600005678', '中国建设银行洋浦分行', 1],
    [spr2, 0, 100, '江西赣通企业服务有限公司', '36050100123400009876', '中国建设银行赣州分行', 0],
    [spr2, 1, 101, '江西赣通企业服务有限公司', '1507201109000056789', '中国工商银行赣州分行', 0],
  ];
  await trx
    .insertInto('supplier_config')
    .values(configs.map(([supplierId, channel, configType, payeeAcctName, payeeAcct, payeeBank, status], i) => ({ supplierId, channel, configType, payeeAcctName, payeeAcct, payeeBank, merchantNo: configType === 100 ? null : `M${String(880_000 + i * 137)}`, status, ...stamp(100 - i) })))
    .execute();

  const templates: Record<number, string> = {
    10: '您的登录验证码为${code}，5分钟内有效，请勿泄露。',
    20: '您正在提交代发订单，支付验证码为${code}，5分钟内有效。',
    100: '贵司充值${amount}元已到账，当前可用余额${balance}元。',
    110: '贵司退款${amount}元已处理成功，请注意查收。',
  };
  const sms: Array<[number, number, string]> = [
    [spr1, 10, '云聚灵工'], [spr1, 20, '云聚灵工'], [spr1, 100, '云聚灵工'], [spr1, 110, '云聚灵工'], [spr2, 20, '赣通服务'], [spr2, 100, '赣通服务'],
  ];
  await trx
    .insertInto('supplier_sms_config')
    .values(sms.map(([supplierId, smsType, signName], i) => ({ supplierId, smsType, signName, templateCode: `SMS_${2_681_000 + i * 17}`, templateText: templates[smsType], ...stamp(90 - i) })))
    .execute();

  const proofs: Array<[number, string, string, number]> = [
    [spr1, '2026-08', '3346012608000112', 1_286_450],
    [spr1, '2026-09', '3346012609000287', 1_532_078],
    [spr1, '2026-10', '3346012610000349', 1_710_502],
    [spr2, '2026-09', '3336072609000051', 486_300],
    [spr2, '2026-10', '3336072610000077', 522_915],
  ];
  for (const [i, [supplierId, month, invoiceNo, amountFen]] of proofs.entries()) {
    const name = `完税凭证_${month}.pdf`;
    const content = demoPdf(`Tax payment certificate ${invoiceNo} (${month})`);
    const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
    const storedAs = `demo-tax-proof-${i + 1}.pdf`;
    if (ids.uploads) {
      fs.mkdirSync(ids.uploads, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(ids.uploads, storedAs), content, { mode: 0o600 });
    }
    const file = await trx.insertInto('upload_file').values({ userId: ids.sysUserId, name, fileMd5, size: content.length, storedAs, createdAt: at(40 - i * 5) }).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('supplier_tax_proof')
      .values({ supplierId, month, invoiceNo, amountFen, file: JSON.stringify({ url: `/api/admin/file/download?id=${file.id}`, fileMd5, name }), remark: null, ...stamp(40 - i * 5) })
      .execute();
  }

  const banks: Array<[number, string, string, number, number, number]> = [
    [1, 'ICBC', '中国工商银行', 5_000_000, 50_000_000, 0],
    [1, 'CCB', '中国建设银行', 5_000_000, 50_000_000, 0],
    [1, 'ABC', '中国农业银行', 5_000_000, 30_000_000, 0],
    [1, 'BOC', '中国银行', 2_000_000, 20_000_000, 1],
    [3, 'CMB', '招商银行', 5_000_000, 50_000_000, 0],
    [6, 'SPDB', '浦发银行', 3_000_000, 30_000_000, 0],
  ];
  await trx
    .insertInto('pay_channel_bank_config')
    .values(banks.map(([channel, bankCode, bankName, single, day, status]) => ({ channel, bankCode, bankName, singleLimitFen: single * 100, dayLimitFen: day * 100, status, ...stamp(110) })))
    .execute();

  const platforms: Array<[string, string, number, string, number]> = [
    ['XKJ001', '薪客家税务平台', 10, 'https://api.xkj-tax.example.com/v2', 0],
    ['XKJ002', '灵税通', 20, 'https://open.lingshuitong.example.com/api', 0],
    ['XKJ003', '云税链（旧版）', 30, 'https://legacy.yunshuilian.example.com', 1],
  ];
  const platformIds: number[] = [];
  for (const [platformCode, name, virtualType, apiUrl, status] of platforms) {
    const row = await trx
      .insertInto('xkj_platform')
      .values({ platformCode, name, virtualType, apiUrl, status, remark: status ? '平台升级，旧接口停止服务' : null, ...stamp(130) })
      .returning('id')
      .executeTakeFirstOrThrow();
    platformIds.push(row.id);
  }
  await trx
    .insertInto('supplier_ts_channel')
    .values([
      { supplierId: spr1, platformId: platformIds[0], account: 'yunju_hn_001', status: 0, ...stamp(70) },
      { supplierId: spr1, platformId: platformIds[1], account: 'YJ46030088', status: 1, ...stamp(65) },
      { supplierId: spr2, platformId: platformIds[0], account: 'gantong_jx_002', status: 0, ...stamp(60) },
    ])
    .execute();
}
