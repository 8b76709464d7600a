/**
 * A recent history in the audit trail (操作日志), consistent with the demo records it names: the
 * platform paused a tax source and onboarded MER0003's enterprise, the supplier edited its notice,
 * the enterprise updated its contact and imported talents. Values are stored as the kit stores them.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_USERS } from './demo-users';

const DAY_MS = 24 * 3600_000;

export async function seedAuditTrail(trx: Transaction<Database>, now: number): Promise<void> {
  const user = (username: string) => trx.selectFrom('admin_user').select(['userId', 'name', 'username']).where('username', '=', username).executeTakeFirstOrThrow();
  const [sys, spr, ent] = [await user(DEMO_USERS.SYS), await user(DEMO_USERS.SPR), await user(DEMO_USERS.ENT)];
  const ts4 = await trx.selectFrom('tax_source').select('id').where('tsCode', '=', 'TS0004').executeTakeFirstOrThrow();
  const ent1 = await trx.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
  const ent4 = await trx.selectFrom('ent').select(['id', 'entName']).where('entCode', '=', 'ENT0004').executeTakeFirstOrThrow();
  const notice = await trx.selectFrom('notice').select('id').where('title', '=', '月末结算时间调整').executeTakeFirstOrThrow();
  const at = (days: number, hour: number) => now - days * DAY_MS - (now % DAY_MS) + (hour - 8) * 3600_000;
  const by = (u: { userId: number; name: string | null; username: string }) => ({ operatorId: u.userId, operatorName: u.name ?? u.username, operatorAccount: u.username });
  const entries = [
    { ...by(sys), createdAt: at(30, 10), action: 'disable', entity: 'taxSource', entityId: String(ts4.id), changes: { status: { from: 0, to: 1 }, reason: { from: null, to: '园区政策调整，暂停新增业务' } } },
    { ...by(sys), createdAt: at(20, 14), action: 'update', entity: 'taxSource', entityId: String(ts4.id), changes: { monthlyLimitFen: { from: 10_000_000, to: 8_000_000 } } },
    { ...by(sys), createdAt: at(12, 9), action: 'create', entity: 'ent', entityId: String(ent4.id), changes: { entName: { from: null, to: ent4.entName }, industry: { from: null, to: '制造业' }, area: { from: null, to: '江苏省苏州市' } } },
    { ...by(spr), createdAt: at(1, 11), action: 'create', entity: 'notice', entityId: String(notice.id), changes: { title: { from: null, to: '月末结算时间调整' }, target: { from: null, to: 20 } } },
    { ...by(spr), createdAt: at(1, 15), action: 'update', entity: 'notice', entityId: String(notice.id), changes: { target: { from: 0, to: 20 } } },
    { ...by(ent), createdAt: at(3, 16), action: 'update', entity: 'ent', entityId: String(ent1.id), changes: { contactPhone: { from: '13601000000', to: '13601000005' } } },
    { ...by(ent), createdAt: at(2, 10), action: 'import', entity: 'cust', entityId: `ent:${ent1.id}`, changes: { imported: { from: 0, to: 3 } } },
  ];
  await trx
    .insertInto('audit_log')
    .values(entries.map((e) => ({ ...e, changes: JSON.stringify(e.changes) })))
    .execute();
}
