/**
 * Spec §7's own paths where the areas answer under other names (issue 21 item 16). Each is the same
 * route — same permission code, scope, checks and audit — registered once more at the spec's path;
 * today's paths stay, because the screens call them.
 *
 * - `supplier/query/config`, `supplier/query/sms/config`, `ent/query/file`, `ent/query/config`: the
 *   list of that resource (kit list body `{cond, page, orderBy}`, answer `{records, total}`).
 * - `invoice/act/mgr/toMe/export`: export mode 10 (the list) as `export2` is mode 20 — a token for
 *   `invoice/act/query/toMe/export`.
 * - `order/query/temp/file`: a temp order's uploaded workbook (GET `?id=`), as `order/query/temp/excelFile`.
 * - `supplier/mgr/taxProof/invoice/file`, `ent/mgr/taxProof/inventory/file`: upload or replace the
 *   record's file, `{id, file: {url, fileMd5, name}}` — the record's update limited to its file, so the
 *   scope, the writer rule, the own-upload rule and the audit entry are the update's.
 */
import type { Body, RouteSpec } from '../http/guard';
import { isBlank } from '../resource/codec';

export const SPEC_ALIASES: ReadonlyArray<readonly [spec: string, existing: string]> = [
  ['supplier/query/config', 'supplier/query/config/list'],
  ['supplier/query/sms/config', 'supplier/query/sms/config/list'],
  ['ent/query/file', 'ent/query/file/list'],
  ['ent/query/config', 'ent/query/config/list'],
  ['invoice/act/mgr/toMe/export', 'invoice/act/query/toMe/genExportExcelToken'],
  ['order/query/temp/file', 'order/query/temp/excelFile'],
];

/** [spec path, the record's update route, the message when no file is sent]. */
export const SPEC_FILE_WRITES: ReadonlyArray<readonly [spec: string, update: string, missing: string]> = [
  ['supplier/mgr/taxProof/invoice/file', 'supplier/mgr/taxProof/invoice/update', '请上传凭证文件'],
  ['ent/mgr/taxProof/inventory/file', 'ent/mgr/taxProof/inventory/update', '请上传完税凭证'],
];

/** The routes plus the spec's paths; a missing original is a programming error, caught at start. */
export function withSpecPaths(routes: RouteSpec[]): RouteSpec[] {
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const original = (path: string): RouteSpec => {
    const route = byPath.get(path);
    if (!route) throw new Error(`spec path alias: no route ${path}`);
    return route;
  };
  const extra: RouteSpec[] = SPEC_ALIASES.filter(([spec]) => !byPath.has(spec)).map(([spec, existing]) => ({ ...original(existing), path: spec }));
  for (const [spec, updatePath, missing] of SPEC_FILE_WRITES) {
    if (byPath.has(spec)) continue;
    const update = original(updatePath);
    const only = (body: Body): Body => ({ id: body.id, file: body.file });
    extra.push({
      ...update,
      path: spec,
      check: (body, ctx) => (isBlank(body.file) ? missing : (update.check?.(only(body), ctx) ?? null)),
      handler: (ctx) => update.handler({ ...ctx, body: only(ctx.body) }),
    });
  }
  return [...routes, ...extra];
}
