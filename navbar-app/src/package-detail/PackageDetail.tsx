import { Classes, HTMLTable } from '@blueprintjs/core';
import { enumLabel, ENUMS, packageTaker, request, showPackageDetail$, workPackage } from '@flexpay/shared-utility';
import { type DetailLine, EventDetailDialog } from '../event-detail/EventDetailDialog';

type Row = Record<string, unknown>;
type Target = { id: number } | { packageCode: string };

/** The package an event names: `{id}` (a number or digit string) or `{packageCode}` (spec §9 showPackageDetail). */
export function packageTargetOf(target: Readonly<Record<string, unknown>> | null | undefined): Target | null {
  const raw = target?.id;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return { id };
  const code = typeof target?.packageCode === 'string' ? target.packageCode.trim() : '';
  return code ? { packageCode: code } : null;
}

/** A package's id: the named one, or the one whose code is exactly the named code. */
async function packageId(target: Target): Promise<number> {
  if ('id' in target) return target.id;
  const found = await request<{ records: Row[] }>(`${workPackage.paths.query}/list`, { cond: { packageCode: target.packageCode }, page: { limit: 10, pageNum: 1 } });
  const hit = found.records.find((r) => r.packageCode === target.packageCode);
  if (!hit) throw new Error('not found');
  return Number(hit.id);
}

/** The price as spec §3 shows it in place of the two bounds; a blank review reason or attachment is left out. */
export function packageLines(lines: Array<DetailLine & { name: string }>, record: Row): DetailLine[] {
  return lines.flatMap((l) => {
    if (l.name === 'packagePriceLower' || l.name === 'packagePriceUpper') return [];
    if ((l.name === 'reviewRemark' || l.name === 'attachment') && !l.value) return [];
    return l.name === 'packagePriceType' ? [l, { label: '价格(元)', value: String(record.priceText ?? '-') }] : [l];
  });
}

/** The package's detail lines and its takers; the kit loads on the first opening only. */
async function loadPackage(target: Target) {
  const id = await packageId(target);
  const [record, takers, kit] = await Promise.all([
    request<Row>(`${workPackage.paths.query}/get`, { id }),
    request<{ records: Row[] }>(`${packageTaker.paths.query}/list`, { cond: { packageId: id }, page: { limit: 100, pageNum: 1 } }),
    import('@flexpay/shared-utility/kit'),
  ]);
  return { title: `${String(record.packageCode ?? '')} ${String(record.name ?? '')}`.trim(), lines: packageLines(kit.detailLinesOf(workPackage, record), record), extra: takers.records };
}

function Takers({ takers }: { takers: Row[] }) {
  return (
    <>
      <h4 className="fp-package-takers-title">接包人（{takers.length}）</h4>
      {takers.length === 0 ? (
        <div className={Classes.TEXT_MUTED}>暂无接包人</div>
      ) : (
        <HTMLTable compact striped className="fp-package-takers" data-testid="package-takers">
          <thead>
            <tr>
              <th>接包人</th>
              <th>状态</th>
              <th>接包时间</th>
              <th>完成时间</th>
            </tr>
          </thead>
          <tbody>
            {takers.map((t) => (
              <tr key={String(t.id)}>
                <td>{String(t.custName ?? '')}</td>
                <td>{enumLabel(ENUMS.packageTakerStatus, t.status)}</td>
                <td>{String(t.createdAt ?? '-')}</td>
                <td>{String(t.completedAt ?? '-')}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}

/** 任务包详情 for any app's showPackageDetail event: the package's detail fields (the price as spec §3 shows it) and its takers. */
export function PackageDetail() {
  return (
    <EventDetailDialog
      events={showPackageDetail$}
      targetOf={packageTargetOf}
      load={loadPackage}
      title="任务包详情"
      failed="任务包信息加载失败"
      icon="box"
      width={640}
      testId="package-detail"
      more={(takers) => <Takers takers={takers} />}
    />
  );
}
