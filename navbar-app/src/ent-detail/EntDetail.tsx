import { useEffect, useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, NonIdealState, Spinner } from '@blueprintjs/core';
import { ent, request, showEntDetail$ } from '@flexpay/shared-utility';

interface Line {
  label: string;
  value: string;
}

type Shown = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; title: string; lines: Line[] };

/** The enterprise an event names: `{id}` or `{entId}` (spec §9 showEntDetail). */
export function entIdOf(target: Readonly<Record<string, unknown>> | null | undefined): number | null {
  const raw = target?.id ?? target?.entId;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * 企业详情 for any app's showEntDetail event: the ent entity's detail fields of ent/query/get. The
 * kit's derivation is loaded on the first opening only, so the navbar (on every page) does not pull
 * the kit bundle into pages that never show a kit screen.
 */
export function EntDetail() {
  const [opened, setOpened] = useState<{ id: number; n: number } | null>(null);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });

  useEffect(() => {
    const sub = showEntDetail$.subscribe((target) => {
      const id = entIdOf(target);
      if (id !== null) setOpened((prev) => ({ id, n: (prev?.n ?? 0) + 1 }));
    });
    return () => sub.unsubscribe();
  }, []);

  useEffect(() => {
    if (!opened) return;
    let alive = true;
    setShown({ state: 'loading' });
    Promise.all([request<Record<string, unknown>>(`${ent.paths.query}/get`, { id: opened.id }), import('@flexpay/shared-utility/kit')]).then(
      ([record, kit]) => alive && setShown({ state: 'ready', title: String(record.entName ?? ''), lines: kit.detailLinesOf(ent, record) }),
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
  else if (shown.state === 'failed') body = <NonIdealState icon="error" description="企业信息加载失败" />;
  else
    body = shown.lines.map((l) => (
      <div key={l.label} className="fp-kit-detail-line">
        <span className={`fp-kit-label ${Classes.TEXT_MUTED}`}>{l.label}</span>
        <span className="fp-kit-detail-value">{l.value || '-'}</span>
      </div>
    ));
  return (
    <Dialog isOpen={opened !== null} onClose={close} title={shown.state === 'ready' && shown.title ? `企业详情（${shown.title}）` : '企业详情'} icon="office" style={{ width: 560 }}>
      <DialogBody>
        <div data-testid="ent-detail">{body}</div>
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={close} />} />
    </Dialog>
  );
}
