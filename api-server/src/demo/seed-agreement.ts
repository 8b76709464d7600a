/** Demo 签约协议: SPR0001 revised its service agreement once and keeps a suspended one; SPR0002 has one. */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

const DAY_MS = 24 * 3600_000;

const SERVICE_V1 = `灵活用工服务协议

甲方：{{供应商名称}}
乙方：{{姓名}}（证件号码：{{证件号码}}，手机号：{{手机号}}）

一、乙方自愿通过甲方平台承接{{企业名称}}发布的服务项目，双方不构成劳动关系。
二、甲方按乙方完成的服务成果结算服务费，并依法代扣代缴个人所得税。
三、乙方应保证所提供身份信息及收款银行卡信息真实有效。

签约日期：{{签约日期}}`;

const SERVICE_V2 = `${SERVICE_V1.replace('三、', '三、乙方承诺服务过程中遵守国家法律法规及{{企业名称}}的安全管理要求。\n四、')}`;

const CONTRACTING = `任务承揽协议

发包方：{{企业名称}}　服务方：{{供应商名称}}
承揽人：{{姓名}}　证件号码：{{证件号码}}

承揽人按任务要求独立完成工作成果，报酬以验收结果为准，经服务方结算后支付至承揽人本人银行卡。

签约日期：{{签约日期}}`;

export async function seedAgreements(trx: Transaction<Database>, ids: { now: number; spr1: number; spr2: number; operator: string }): Promise<void> {
  const at = (days: number) => ids.now - days * DAY_MS;
  const add = async (code: string, name: string, supplierId: number, texts: Array<[string, number]>, status: number) => {
    const [last, lastDay] = texts[texts.length - 1];
    const row = await trx
      .insertInto('agreement')
      .values({ agreementCode: code, name, supplierId, version: texts.length, content: last, status, remark: null, createdAt: at(texts[0][1]), updatedAt: at(lastDay) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('agreement_version')
      .values(texts.map(([content, day], i) => ({ agreementId: row.id, version: i + 1, content, operatorName: ids.operator, createdAt: at(day) })))
      .execute();
  };
  await add('AG0001', '灵活用工服务协议', ids.spr1, [[SERVICE_V1, 200], [SERVICE_V2, 30]], 0);
  await add('AG0002', '任务承揽协议', ids.spr1, [[CONTRACTING, 90]], 1);
  await add('AG0003', '共享经济合作伙伴协议', ids.spr2, [[SERVICE_V1.replace('灵活用工服务协议', '共享经济合作伙伴协议'), 150]], 0);
}
