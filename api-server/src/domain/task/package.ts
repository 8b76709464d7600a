/**
 * Task packages (DOMAIN.md §7; spec §2 /task/userPackage…5, §7 package calls): an enterprise's packages
 * created by ENT, SPR or SYS, reviewed by the supplier (pass/fail with reason), listed (上架/下架), taken
 * by the enterprise's talents (assigned ones only for a private package), completed and finished; past
 * their end date they go overdue (overdue.ts). The three status fields move together by the one lifecycle
 * (rules/package.ts) the entity's commands follow; what they do to the takers and named talents is
 * declared with the resource (commandRefs), so no effect is hand-written.
 */
import {
  AdminType,
  type AccountType,
  accountTypeOf,
  PACKAGE_MESSAGES,
  PACKAGE_TYPE,
  packageAllows,
  type PackageAction,
  packageAssignee,
  packagePrices,
  packageTaker,
  packageTalent,
  type PackageTriple,
  TAKER_STATUS,
  workPackage,
} from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec } from '../../http/guard';
import { whereEach } from '../../resource/batch';
import type { Row } from '../../resource/codec';
import { type AnyDb, type AnyQuery, defineResource, STALE, T, type WriteContext } from '../../resource/entity-resource';
import { entScope } from '../ent/index';

const WRITERS: AccountType[] = ['ENT', 'SPR', 'SYS'];
const allows = (action: PackageAction, row: Row, caller: Caller) => packageAllows(action, row as unknown as PackageTriple, accountTypeOf(caller.user.adminType));

/** Talents cooperating (status 0) with an enterprise (its id, or a query of one package's). */
const linkedTo = (db: AnyDb, entId: unknown) => db.selectFrom('cust_coop_ent').select('custId').where('entId', '=', entId as number).where('status', '=', 0);

export function packageRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const inEntScope = entScope(db, `${T}.entId`);
  /** The packages a caller sees (their ids: the takers' and assignees' scope). */
  const packagesOf = (caller: Caller) => inEntScope(caller, db.selectFrom(`work_package as ${T}`) as AnyQuery);

  const packages = defineResource(deps, workPackage, {
    scope: inEntScope,
    writers: WRITERS,
    // Edits follow the lifecycle (INIT only). 审核, 上架, 下架, 完成, 取消 and 删除 are the entity's commands: what they
    // do besides moving the state is declared below (commandRefs), so the package has no effects file.
    updatable: (caller, row) => allows('update', row, caller),
    export: true,
    commandRefs: {
      // Finished only once none of its takers still works; deleted only if nobody took it, its named talents with it.
      finish: { keptWhile: [{ table: 'work_package_taker', column: 'packageId', where: { status: TAKER_STATUS.TAKEN }, message: PACKAGE_MESSAGES.pendingTakers }] },
      // A cancelled package's open takers are cancelled with it.
      cancel: { movedWith: [{ table: 'work_package_taker', column: 'packageId', where: { status: TAKER_STATUS.TAKEN }, set: { status: TAKER_STATUS.CANCELLED }, stamp: 'updatedAt' }] },
      delete: { keptWhile: [{ table: 'work_package_taker', column: 'packageId', message: PACKAGE_MESSAGES.hasTakers }], removedWith: [{ table: 'work_package_talent', column: 'packageId' }], removes: true },
    },
    beforeCreate: async (_ctx, values) => ({ ...values, ...packagePrices(values) }),
    // The enterprise gives the package its supplier (read first, on create); the category is one of that supplier's.
    refersTo: [
      { table: 'ent', column: 'entId', takes: { supplierId: 'supplierId' }, message: '请选择企业' },
      { table: 'task_category', column: 'categoryId', match: { supplierId: 'supplierId' }, message: '请选择本供应商的任务分类', code: Code.OUT_OF_SCOPE },
    ],
    beforeUpdate: async (_ctx, values, before) => ({ ...values, ...packagePrices(values, before) }),
  });

  /**
   * The package a taker or assignment names, in the caller's scope (3002 outside), once `accepts` lets it
   * be named; then the talent must cooperate with its enterprise.
   */
  const namedPackage = async (ctx: WriteContext, next: Row, accepts: (pkg: Row) => void): Promise<Row> => {
    const pkg = await packages.resource.load(ctx.caller, Number(next.packageId), ctx.trx);
    accepts(pkg);
    if (!(await linkedTo(ctx.trx, Number(pkg.entId)).where('custId', '=', Number(next.custId)).executeTakeFirst())) refuse(Code.VALIDATION, PACKAGE_MESSAGES.notLinked);
    return pkg;
  };
  /** What 指定人才 and 接包人 share: the packages' scope and writers; no update, no simple list. */
  const ofPackages = { scope: (caller: Caller, qb: AnyQuery) => qb.where(`${T}.packageId`, 'in', packagesOf(caller).select(`${T}.id`)), writers: WRITERS, update: false as const, simple: false as const };

  const talents = defineResource(deps, packageTalent, {
    // ID and phone numbers masked for everyone by the entity's `masked` fields (issue 22 item 6).
    // A talent is seen by the enterprises it cooperates with (and their supplier, merchant, the platform).
    scope: (caller, qb) =>
      caller.user.adminType === AdminType.SYS ? qb : qb.where(`${T}.id`, 'in', inEntScope(caller, db.selectFrom(`cust_coop_ent as ${T}`) as AnyQuery).select(`${T}.custId`)),
    // 指定人才 (assignFor) and 接包 (takeFor): the talents cooperating with the package's enterprise; taking
    // leaves out its takers and, for a private package, those not assigned.
    listed: (caller, cond, qb) => {
      if (cond.assignFor === undefined && cond.takeFor === undefined) return qb;
      const id = Number(cond.assignFor !== undefined ? cond.assignFor : cond.takeFor);
      const pkg = packagesOf(caller).where(`${T}.id`, '=', id);
      const linked = qb.where(`${T}.id`, 'in', linkedTo(db, pkg.select(`${T}.entId`)));
      if (cond.assignFor !== undefined) return linked;
      return linked
        .where(`${T}.id`, 'not in', db.selectFrom('work_package_taker').select('custId').where('packageId', '=', id))
        .where((eb) =>
          eb.or([
            eb.exists(pkg.select(`${T}.id`).where(`${T}.packageType`, '=', PACKAGE_TYPE.PUBLIC)),
            eb(`${T}.id`, 'in', db.selectFrom('work_package_talent').select('custId').where('packageId', '=', id)),
          ]),
        );
    },
  });

  const assignees = defineResource(deps, packageAssignee, {
    ...ofPackages,
    remove: 'delete',
    duplicate: '该人才已被指定',
    beforeCreate: async (ctx, values) => ({ ...values, createdAt: ctx.now }),
    check: async (ctx, next) => {
      await namedPackage(ctx, next, (pkg) => {
        if (Number(pkg.packageType) !== PACKAGE_TYPE.PRIVATE) refuse(Code.VALIDATION, PACKAGE_MESSAGES.onlyPrivate);
        if (!allows('assign', pkg, ctx.caller)) refuse(Code.CONFLICT, STALE);
      });
    },
    // A talent who took the package and works on it (or finished) stays named.
    keptWhile: [{ table: 'work_package_taker', column: { packageId: 'packageId', custId: 'custId' }, where: { status: [TAKER_STATUS.TAKEN, TAKER_STATUS.COMPLETED] }, message: PACKAGE_MESSAGES.assignedTaker }],
  });

  const takers = defineResource(deps, packageTaker, {
    ...ofPackages,
    export: true,
    duplicate: PACKAGE_MESSAGES.taken,
    check: async (ctx, next) => {
      const pkg = await namedPackage(ctx, next, (p) => allows('take', p, ctx.caller) || refuse(Code.CONFLICT, PACKAGE_MESSAGES.notShowed));
      if (Number(pkg.packageType) === PACKAGE_TYPE.PRIVATE) {
        const assigned = await whereEach(ctx.trx.selectFrom('work_package_talent').select('id'), { packageId: pkg.id, custId: next.custId }).executeTakeFirst();
        if (!assigned) refuse(Code.VALIDATION, PACKAGE_MESSAGES.notAssigned);
      }
    },
    // 完成 stamps when.
    commandRefs: { complete: { stamp: 'completedAt' } },
  });

  return [packages, talents, assignees, takers].flatMap((r) => r.routes);
}
