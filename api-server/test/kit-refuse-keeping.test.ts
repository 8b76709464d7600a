/**
 * A command's effect refusing with a `KeptRefusal` (resource/commands.ts), on both databases: the
 * command's transaction rolls back (no state move, no `writes`, no effect write, no audit entry), the
 * refusal's `keep` writes are stored in a transaction of their own, and the call is refused with its
 * code and message — what 提交订单 does with the rows' errors found under the people's locks.
 */
import { invoiceApplyToMe } from '@flexpay/shared-utility/src/pure';
import { DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import type { SignedInContext } from '../src/http/guard';
import { KeptRefusal } from '../src/resource/commands';
import { defineResource } from '../src/resource/entity-resource';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('a refusal keeping its writes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('the effect and the state move roll back; keep is written; the call is refused', async () => {
    const approved = await ctx.db.selectFrom('invoice_apply').select(['id', 'expressNo', 'reason']).where('status', '=', 20).executeTakeFirstOrThrow();
    const { resource } = defineResource({ db: ctx.db, dialect } as never, invoiceApplyToMe, {
      scope: (_caller, qb) => qb,
      effects: {
        inviUpdateExpress: async ({ trx, row }) => {
          await trx.updateTable('invoice_apply').set({ reason: '事务内' }).where('id', '=', row.id).execute();
          throw new KeptRefusal(Code.VALIDATION, '存在1条异常明细，请修改或删除后再提交', async (own) => {
            await own.updateTable('invoice_apply').set({ reason: '保留' }).where('id', '=', row.id).execute();
          });
        },
      },
    });
    const user = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', DEMO_USERS.SYS).executeTakeFirstOrThrow();
    const body = { id: approved.id, expressCompany: 'SF', expressNo: 'SF1400077777777' };
    const attempt = resource.transition({ caller: { user, perms: new Set([27260]) }, body, now: Date.now() } as unknown as SignedInContext, 'inviUpdateExpress');
    await expect(attempt).rejects.toMatchObject({ code: Code.VALIDATION, message: '存在1条异常明细，请修改或删除后再提交' });
    const after = await ctx.db.selectFrom('invoice_apply').select(['expressNo', 'reason', 'status']).where('id', '=', approved.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ expressNo: approved.expressNo, reason: '保留', status: 20 });
    const entries = await ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'invoiceApplyToMe').where('entityId', '=', String(approved.id)).where('action', '=', 'inviUpdateExpress').execute();
    expect(entries).toEqual([]);
  });
});
