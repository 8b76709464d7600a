import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AdminUserRow } from './permissions';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** Fields whose value differs, for the audit trail (secrets are never passed in). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [field, to] of Object.entries(after)) {
    if (before[field] !== to) changes[field] = { from: before[field] ?? null, to };
  }
  return changes;
}

/** Who wrote: a signed-in administrator, or an API client acting for its enterprise (no user id). */
export type Operator = Pick<AdminUserRow, 'name' | 'username'> & { userId: number | null };

export async function audit(
  db: Kysely<Database>,
  entry: { operator: Operator; action: string; entity: string; entityId: string | number; changes?: Changes; now: number },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      operatorId: entry.operator.userId,
      operatorName: entry.operator.name ?? entry.operator.username,
      operatorAccount: entry.operator.username,
      createdAt: entry.now,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      changes: JSON.stringify(entry.changes ?? {}),
    })
    .execute();
}

/** What the server's own jobs (signing clock, overdue packages) write to the trail: operator 系统. */
export async function auditBySystem(db: Kysely<Database>, entry: { action: string; entity: string; entityId: string | number; changes: Changes; now: number }): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ operatorId: null, operatorName: '系统', operatorAccount: 'system', createdAt: entry.now, action: entry.action, entity: entry.entity, entityId: String(entry.entityId), changes: JSON.stringify(entry.changes) })
    .execute();
}

/** Runs a write in one transaction together with its audit entry (writes outside a kit resource). */
export async function auditedWrite(
  ctx: { deps: { db: Kysely<Database> }; caller: { user: Operator }; now: number },
  entry: { action: string; entity: string; entityId: number | string; changes?: Changes },
  write: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await ctx.deps.db.transaction().execute(async (trx) => {
    await write(trx);
    await audit(trx, { operator: ctx.caller.user, now: ctx.now, ...entry });
  });
}
