/**
 * Kit v3, server half of a command (issue 23, shared-utility/src/pure/entity.ts CommandDef): one route
 * per declared command, with everything but the business work derived from the declaration —
 *
 *   1. the row in the caller's scope (1004/3002), the account type, code and per-record rule (3001);
 *   2. the inputs parsed from the command's fields (1001 with the field's Chinese message);
 *   3. the row's state: `from` and `when` (1009 `stale`), then inside the transaction a conditional
 *      update on the state fields as they were decided on, moving them to `to` with the `writes`
 *      (no row moved → 1009: a concurrent second attempt changes nothing);
 *   4. the effect — the only hand-written part, in the route folder's `<name>.effects.ts` — with the
 *      transaction, the row and the parsed input; it may refuse (rolling everything back), add audit
 *      changes and answer;
 *   5. the audit entry (state from → to, the inputs, the effect's changes) in the same transaction.
 *
 * The answer is the effect's, else the record as `get` answers it.
 */
import {
  accountTypeOf,
  type CommandDef,
  type CommandField,
  commandAllows,
  commandFieldRequired,
  commandsOf,
  commandTarget,
  columnOf,
  type Entity,
  type EntityField,
  FIELD_RULES,
  checkRules,
  stateFieldsOf,
} from '@flexpay/shared-utility/src/pure';
import { audit, type Changes } from '../account/audit';
import { Code, type CodeValue, Messages } from '../http/codes';
import { ApiError, refuse } from '../http/envelope';
import type { Caller, SignedInContext } from '../http/guard';
import { isBlank, parseInput, type Row, ruled } from './codec';
import { type KeptWhile, type MovedWith, moveReferring, type Referring, refuseWhileReferenced, removeReferring } from './kept-while';
import { assertUploadsUsable, uploadIdsOf } from './kit-routes';

/** 当前状态不允许此操作: the kit's stale answer (1009). */
export const STALE_MESSAGE = '当前状态不允许此操作';

type AnyDb = import('kysely').Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What an effect receives: the request, its transaction, the row as loaded (columns) and the parsed input. */
export interface EffectContext extends SignedInContext {
  trx: AnyDb;
  row: Row;
  input: Row;
  /** The command taken (a choice's resolved one). */
  name: string;
  /** The child record a `child` command names (the voucher, the invoice file), as stored. */
  child?: Row;
}

/**
 * An effect's answer: more audit changes and the route's answer (default: the record); `audit: false` when it changed nothing (no entry);
 * `set`: the record's columns the effect writes beside the command's move (the kit updates the row; the trail gets each one that differs, by column).
 */
export type EffectResult = void | { changes?: Changes; answer?: unknown; audit?: false; set?: Row };

/**
 * A refusal whose `keep` writes survive it (提交订单's row errors, kept on the rows for the screen): the
 * transaction it is thrown in rolls back, then `keep` runs in a transaction of its own, then the call is refused.
 */
export class KeptRefusal extends ApiError {
  constructor(code: CodeValue, message: string, readonly keep: (trx: AnyDb) => Promise<void>) {
    super(code, message);
  }
}

/** Runs `run` (a transaction); a `KeptRefusal` out of it has its `keep` written by `write` before it is thrown on. */
export async function keepingRefusal<T>(write: (keep: (trx: AnyDb) => Promise<void>) => Promise<unknown>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof KeptRefusal) await write(error.keep);
    throw error;
  }
}

/** The business work done inside the command's transaction. */
export type Effect = (x: EffectContext) => Promise<EffectResult>;

/**
 * An effect that first asks an outside service (the real-name provider, the card checker): `ask` runs
 * before the transaction — no database lock waits on the network — and `run` gets its answer as `asked`.
 */
export interface AskingEffect<T = unknown> {
  ask: (x: Omit<EffectContext, 'trx'>) => Promise<T>;
  run: (x: EffectContext & { asked: T }) => Promise<EffectResult>;
}

/** The hand-written business work of commands, by command name. */
export type Effects = Record<string, Effect | AskingEffect<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * What a command declares about the rows referring to its record, run in its transaction after the state
 * moved and before the effect: refused while some refer to it (`keptWhile`: a package finished while a
 * taker still works), the rows that move with it (`movedWith`: a cancelled package's open takers), the rows
 * that go with it (`removedWith`) and the record itself (`removes`: a command that deletes answers true;
 * a child command's `removes` deletes its child record, 删除凭证).
 * `stamp` names a column of the record set to the time with its move (a taker's completedAt).
 */
export interface CommandRefs {
  keptWhile?: readonly KeptWhile[];
  movedWith?: readonly MovedWith[];
  removedWith?: readonly Referring[];
  removes?: boolean;
  stamp?: string;
}

/** What the runner needs of a resource (resource/entity-resource.ts Resource). */
export interface CommandHost {
  entity: Entity;
  options: {
    guard?: (ctx: SignedInContext, row: Row) => Promise<void>;
    mayWrite?: (caller: Caller, row: Row) => boolean;
    transitionRefusal?: (name: string, row: Row, caller?: Caller) => string | null;
    afterTransition?: (ctx: SignedInContext & { trx: AnyDb }, name: string, row: Row) => Promise<void>;
    effects?: Effects;
    commandRefs?: Record<string, CommandRefs>;
  };
  load(caller: Caller, key: number | string | null, db?: AnyDb): Promise<Row>;
  write<T>(ctx: SignedInContext, run: (trx: AnyDb) => Promise<T>): Promise<T>;
  get(caller: Caller, key: number | string | null): Promise<unknown>;
}

/** The row's key from the body: the entity's key, or the command's `keyField` (a voucher's applyId). */
export function commandKey(entity: Entity, command: CommandDef, body: Row): number | string | null {
  const raw = body[command.keyField ?? entity.key];
  if (entity.fields[entity.key].type === 'text') return typeof raw === 'string' && raw.trim() ? raw.trim() : null;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : null;
}

const BOOL: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** One input: a bool from true/false/1/0, anything else as the entity field of its type would be. */
function parseOne(field: CommandField, raw: unknown, required: boolean): { value: unknown } | { error: string } {
  const missing = field.message ?? `${field.type === 'bool' || field.type === 'enum' || field.type === 'file' ? '请选择' : '请输入'}${field.label}`;
  if (field.type === 'bool') {
    if (isBlank(raw)) return required ? { error: missing } : { value: null };
    const value = BOOL[String(raw)];
    return value === undefined ? { error: field.message ?? `${field.label}格式错误` } : { value };
  }
  // A rule speaks first for a blank value too (a pattern's message); else the missing value's message.
  if (isBlank(raw) && required && !field.rule) return { error: missing };
  // A secret (a password, a key) is checked and taken as typed, never trimmed.
  if (field.secret && !isBlank(raw)) {
    const message = field.rule ? checkRules(typeof field.rule === 'string' ? FIELD_RULES[field.rule] : field.rule, raw) : null;
    return message || typeof raw !== 'string' ? { error: field.message ?? message ?? `${field.label}格式错误` } : { value: raw };
  }
  const parsed = parseInput({ ...(field as EntityField), type: field.type, required }, raw);
  // An enum input limited to some values (发起电子签's channel: 电子签 or 合作方V2).
  if (!('error' in parsed) && field.only && parsed.value !== null && !field.only.some((v) => String(v) === String(parsed.value)))
    return { error: field.message ?? `请选择有效的${field.label}` };
  return 'error' in parsed && field.message ? { error: field.message } : parsed;
}

/** The command's inputs parsed in declaration order (1001 on the first refusal). */
export function parseCommandInput(command: CommandDef, body: Row): Row {
  const fields = Object.entries(command.fields ?? {});
  const input: Row = {};
  // A bool decides what else is required (requiredWhen): bools first.
  for (const [name, field] of [...fields.filter(([, f]) => f.type === 'bool'), ...fields.filter(([, f]) => f.type !== 'bool')]) {
    input[name] = ruled(parseOne(field, body[name], commandFieldRequired(field, input))).value;
  }
  return input;
}

/** The child record a `child` command's body names by `keyField ?? 'id'` (1004 when none). */
async function childOf(ctx: SignedInContext, command: CommandDef): Promise<Row> {
  const raw = ctx.body[command.keyField ?? 'id'];
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  const found = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await (ctx.deps.db as unknown as AnyDb).selectFrom(command.child!.table).selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  return (found as Row | undefined) ?? refuse(Code.NOT_FOUND, Messages.notFound);
}

/** Runs a command on the row the body names, as the header says. */
export async function runCommand(host: CommandHost, ctx: SignedInContext, name: string): Promise<unknown> {
  const { entity, options } = host;
  const command = commandsOf(entity)[name];
  if (command.choose) {
    const choice = parseCommandInput({ ...command, fields: { [command.choose.field]: command.fields![command.choose.field] } }, ctx.body);
    return runCommand(host, ctx, choice[command.choose.field] ? command.choose.yes : command.choose.no);
  }
  // A child command finds the row through the child record the body names.
  const child = command.child ? await childOf(ctx, command) : undefined;
  const key = child ? (child[command.child!.link] as number | string) : commandKey(entity, command, ctx.body);
  const row = await host.load(ctx.caller, key);
  // The row may take another command instead (its `instead`: 提交 of a temp order under review is 提交审核).
  const other = command.instead?.(row);
  if (other && other !== name) return runCommand(host, ctx, other);
  await options.guard?.(ctx, row);
  const type = accountTypeOf(ctx.caller.user.adminType);
  if (!type || !command.for.includes(type) || !ctx.caller.perms.has(command.code) || (options.mayWrite && !options.mayWrite(ctx.caller, row)))
    refuse(Code.NO_PERMISSION, Messages.noPermission);
  const refusal = options.transitionRefusal?.(name, row, ctx.caller);
  if (refusal) refuse(Code.CONFLICT, refusal);
  const input = parseCommandInput(command, ctx.body);
  const stale = command.stale ?? STALE_MESSAGE;
  if (!commandAllows(entity, name, presentState(entity, row), type, ctx.caller.perms)) refuse((command.staleCode ?? Code.CONFLICT) as CodeValue, stale);

  const target = commandTarget(entity, command, input);
  const writes = Object.fromEntries(Object.entries(command.writes ?? {}).map(([from, to]) => [to as string, input[from] ?? null]));
  // A child's file kept as it was need not be the caller's own upload.
  const files = Object.entries(command.fields ?? {}).filter(([n, f]) => f.type === 'file' && input[n] !== child?.[n]).map(([n]) => input[n]);
  const stateColumns = stateFieldsOf(entity).map((f) => columnOf(entity, f));
  const checksState = stateColumns.length > 0 && (command.from !== undefined || command.when !== undefined || Object.keys(target).length > 0);
  const keyColumn = columnOf(entity, entity.key);
  const rowKey = row[keyColumn] as number | string;
  const effect = options.effects?.[name];
  const asked = effect && typeof effect !== 'function' ? await effect.ask({ ...ctx, row, input, name }) : undefined;
  // An effect refusing with a KeptRefusal keeps its `keep` writes (their own transaction) and no state move.
  const answer = await keepingRefusal((keep) => host.write(ctx, keep), () => host.write(ctx, async (trx) => {
    if (files.length) await assertUploadsUsable(trx as never, ctx.caller.user, uploadIdsOf(files));
    const set: Row = {};
    for (const [field, value] of Object.entries({ ...target, ...writes })) set[columnOf(entity, field)] = value;
    const refs = options.commandRefs?.[name];
    if (refs?.stamp) set[refs.stamp] = ctx.now;
    if (checksState || Object.keys(set).length) {
      if (entity.timestamps !== false) set.updatedAt = ctx.now;
      let update = trx.updateTable(entity.table).set(set).where(keyColumn, '=', rowKey);
      // The stale check: the row is still in the state the command was decided on.
      if (checksState) for (const column of stateColumns) update = update.where(column, '=', row[column] as never);
      const moved = await update.executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, stale);
    }
    if (refs) {
      await refuseWhileReferenced(trx, refs.keptWhile ?? [], row, keyColumn);
      await moveReferring(trx, refs.movedWith ?? [], row, keyColumn, ctx.now);
      await removeReferring(trx, refs.removedWith ?? [], row, keyColumn);
      // A child command removes its child record (删除凭证), any other the row itself.
      if (refs.removes) await (child ? trx.deleteFrom(command.child!.table).where('id', '=', child.id) : trx.deleteFrom(entity.table).where(keyColumn, '=', rowKey)).execute();
    }
    const result = !effect ? undefined : typeof effect === 'function' ? await effect({ ...ctx, trx, row, input, name, child }) : await effect.run({ ...ctx, trx, row, input, name, child, asked });
    const changes: Changes = {};
    for (const [field, to] of Object.entries(target)) changes[field] = { from: row[columnOf(entity, field)] ?? null, to };
    const written = new Set(Object.keys(command.writes ?? {}));
    for (const [field, value] of Object.entries(input)) {
      // A choice is the action itself; a file is named by the effect (a voucher's type and name); a secret never.
      if (command.fields?.[field]?.type === 'bool' || command.fields?.[field]?.type === 'file' || command.fields?.[field]?.secret) continue;
      const into = command.writes?.[field] as string | undefined;
      changes[written.has(field) && into ? into : field] = { from: written.has(field) && into ? (row[columnOf(entity, into)] ?? null) : null, to: value };
    }
    // The trail reads a reason under `reason`, whatever field it was written to.
    if (input.reason !== undefined && input.reason !== null && !changes.reason) changes.reason = { from: null, to: input.reason };
    if (result?.set) await trx.updateTable(entity.table).set(result.set).where(keyColumn, '=', rowKey).execute();
    for (const [column, to] of Object.entries(result?.set ?? {})) if (String(row[column] ?? null) !== String(to)) changes[column] = { from: row[column] ?? null, to };
    Object.assign(changes, result?.changes);
    if (result?.audit !== false) await audit(trx as never, { operator: ctx.caller.user, now: ctx.now, action: command.auditAs ?? name, entity: entity.name, entityId: String(rowKey), changes });
    await options.afterTransition?.({ ...ctx, trx }, name, row);
    return result?.answer;
  }));
  return answer ?? (options.commandRefs?.[name]?.removes ? true : host.get(ctx.caller, rowKey));
}

/** The row's fields a command's `from`/`when` read, by field name (columns may differ: priceType). */
export function presentState(entity: Entity, row: Row): Row {
  const out: Row = { ...row };
  for (const name of Object.keys(entity.fields)) {
    const column = columnOf(entity, name);
    if (column !== name && column in row) out[name] = row[column];
  }
  return out;
}

/** Commands of an entity a caller may take on a row (`_actions`): choices are taken through their two commands. */
export function commandActions(host: Pick<CommandHost, 'entity' | 'options'>, caller: Caller, row: Row): string[] {
  const { entity, options } = host;
  const type = accountTypeOf(caller.user.adminType);
  const state = presentState(entity, row);
  return Object.entries(commandsOf(entity))
    .filter(([name, c]) => !c.choose && !c.child && commandAllows(entity, name, state, type, caller.perms))
    .filter(([name]) => (!options.mayWrite || options.mayWrite(caller, row)) && !options.transitionRefusal?.(name, row, caller))
    .map(([name]) => name);
}

/** The routes of an entity's commands (after paths.mgr): one per path, with the commands sharing it in declaration order. */
export function commandRoutes(entity: Entity): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  for (const [name, c] of Object.entries(commandsOf(entity))) routes.set(c.path ?? name, [...(routes.get(c.path ?? name) ?? []), name]);
  return routes;
}

/**
 * Which of the commands on one route a request takes: the first whose fixed `body` values it carries
 * (纸质签约 `{signStatus: 20}`, 发起电子签 `{signStatus: 10}` on updateSupCoopData). Undefined when the
 * request carries none of their keys (the route's other use, the resource's update); 1009 when it
 * carries one with a value no command declares.
 */
export function commandOfBody(entity: Entity, names: string[], body: Row): string | undefined {
  const commands = commandsOf(entity);
  const carried = (key: string) => body[key] !== undefined && body[key] !== null;
  const found = names.find((n) => Object.entries(commands[n].body ?? {}).every(([k, v]) => carried(k) && String(body[k]) === String(v)));
  if (found) return found;
  const keys = names.flatMap((n) => Object.keys(commands[n].body ?? {}));
  if (keys.some(carried) || keys.length === 0) refuse(Code.CONFLICT, STALE_MESSAGE);
  return undefined;
}
