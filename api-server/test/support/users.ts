import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { hashPassword } from '../../src/security/password';

/** A sub-administrator of an existing organisation, for tests that disable or lock accounts. */
export async function createSubUser(
  db: Kysely<Database>,
  username: string,
  password: string,
  like: string,
  codes: number[] = [],
): Promise<number> {
  const parent = await db.selectFrom('admin_user').selectAll().where('username', '=', like).executeTakeFirstOrThrow();
  const now = Date.now();
  const row = await db
    .insertInto('admin_user')
    .values({
      username,
      ...(await hashPassword(password)),
      name: '测试子账号',
      phone: '13912345678',
      wechat: null,
      email: null,
      sex: 0,
      avatar: null,
      remark: null,
      status: 0,
      adminType: parent.adminType,
      terCode: parent.terCode,
      orgId: parent.orgId,
      isTopAdmin: 0,
      guideStep: -1,
      parentUserId: parent.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning('userId')
    .executeTakeFirstOrThrow();
  if (codes.length > 0) await db.insertInto('admin_user_perm').values(codes.map((code) => ({ userId: row.userId, code }))).execute();
  return row.userId;
}

export function userRow(db: Kysely<Database>, username: string) {
  return db.selectFrom('admin_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

export async function sessionCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('session').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
