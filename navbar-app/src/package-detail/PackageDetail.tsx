import { useEffect, useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { enumLabel, ENUMS, packageTaker, request, showPackageDetail$, workPackage } from '@flexpay/shared-utility';

interface Line {
  label: string;
  value: string;
}

type Row = Record<string, unknown>;
type Shown = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; title: string; lines: Line[]; takers: Row[] };

/** The package an event names: `{id}` (a number or digit string) or `{packageCode}` (spec §9 showPackageDetail). */
export function packageTargetOf(target: Readonly<Record<string, unknown>> | null | undefined): { id: number } | { packageCode: string } | null {
  const raw = target?.id;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return { id };
  const code = typeof target?.packageCode === 'string' ? target.packageCode.trim() : '';
  return code ? { packageCode: code } : null;
}

/** A package's id: the named one, or the one whose code is exactly the named code. */
async function packageId(target: { id: number } | { packageCode: string }): Promise<number> {
  if ('id' in target) return target.id;
  const found = await request<{ records: Row[] }>(`${workPackage.paths.query}/list`, { cond: { packageCode: target.packageCode }, page: { limit: 10, pageNum: 1 } });
  const hit = found.records.find((r) => r.packageCode === target.packageCode);
  if (!hit) throw new Error('not found');
  return Number(hit.id);
}

/** The price as spec §3 shows it in place of the two bounds; a blank review reason or attachment is left out. */
export function packageLines(lines: Array<Line & { name: string }>, record: Row): Line[] {
  return lines.flatMap((l) => {
    if (l.name === 'packagePriceLower' || l.name === 'packagePriceUpper') return [];
    if ((l.name === 'reviewRemark' || l.name === 'attachment') && !l.value) return [];
    return l.name === 'packagePriceType' ? [l, { label: '价格(元)', value: String(record.priceText ?? '-') }] : [l];
  });
}

/**
 * 任务包详情 for any app's showPackageDetail event: the package's detail fields (the price as spec §3
 * shows it) and its takers. Like 企业详情, the kit's derivation is loaded on the first opening only.
 */
export function PackageDetail() {
  const [opened, setOpened] = useState<{ target: { id: number } | { packageCode: string }; n: number } | null>(null);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });

  useEffect(() => {
    const sub = showPackageDetail$.subscribe((t) => {
      const target = packageTargetOf(t);
      if (target) setOpened((prev) => ({ target, n: (prev?.n ?? 0) + 1 }));
    });
    return () => sub.unsubscribe();
  }, []);

  useEffect(() => {
    if (!opened) return;
    let alive = true;
    setShown({ state: 'loading' });
    (async () => {
      const id = await packageId(opened.target);
      const [record, takers, kit] = await Promise.all([
        request<Row>(`${workPackage.paths.query}/get`, { id }),
        request<{ records: Row[] }>(`${packageTaker.paths.query}/list`, { cond: { packageId: id }, page: { limit: 100, pageNum: 1 } }),
        import('@flexpay/shared-utility/kit'),
      ]);
      return { title: `${String(record.packageCode ?? '')} ${String(record.name ?? '')}`.trim(), lines: packageLines(kit.detailLinesOf(workPackage, record), record), takers: takers.records };
    })().then(
      (ready) => alive && setShown({ state: 'ready', ...ready }),
      // The request layer has shown why (e.g. 无权查看相关数据).
      () => alive && setShown({ state: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [opened]);

  const close = () => setOpened(null);
  let body;
  if (shown.state === 'loading') body = <Spinner />;
  else if (shown.state === 'failed') body = <NonIdealState icon="error" description="任务包信息加载失败" />;
  else
    body = (
      <>
        {shown.lines.map((l) => (
          <div key={l.label} className="fp-kit-detail-line">
            <span className={`fp-kit-label ${Classes.TEXT_MUTED}`}>{l.label}</span>
            <span className="fp-kit-detail-value">{l.value || '-'}</span>
          </div>
        ))}
        <h4 className="fp-package-takers-title">接包人（{shown.takers.length}）</h4>
        {shown.takers.length === 0 ? (
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
              {shown.takers.map((t) => (
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
  return (
    <Dialog isOpen={opened !== null} onClose={close} title={shown.state === 'ready' && shown.title ? `任务包详情（${shown.title}）` : '任务包详情'} icon="box" style={{ width: 640 }}>
      <DialogBody>
        <div data-testid="package-detail">{body}</div>
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={close} />} />
    </Dialog>
  );
}
