import { type ReactNode, useEffect, useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, type IconName, NonIdealState, Spinner } from '@blueprintjs/core';
import type { Observable } from 'rxjs';

export interface DetailLine {
  label: string;
  value: string;
}

/** What a detail dialog shows once its record arrived: a title suffix, labelled lines and anything more. */
export interface LoadedDetail<E> {
  title: string;
  lines: DetailLine[];
  extra: E;
}

type Shown<E> = { state: 'loading' } | { state: 'failed' } | ({ state: 'ready' } & LoadedDetail<E>);

interface Props<T, E> {
  /** The cross-app event opening the dialog (spec §9 showEntDetail, showPackageDetail). */
  events: Observable<Readonly<Record<string, unknown>> | null | undefined>;
  /** The record an event names; null ignores the event. */
  targetOf: (event: Readonly<Record<string, unknown>> | null | undefined) => T | null;
  load: (target: T) => Promise<LoadedDetail<E>>;
  /** 企业详情, 任务包详情 … */
  title: string;
  failed: string;
  icon: IconName;
  width: number;
  testId: string;
  /** Drawn below the lines (a package's takers). */
  more?: (extra: E) => ReactNode;
}

/**
 * A record's detail dialog for a cross-app event: subscribes while mounted, loads the named record
 * on each event (the same record again too), ignores an answer that arrives after it was closed or
 * replaced, and shows the lines the kit derives from the entity's declaration.
 */
export function EventDetailDialog<T, E>({ events, targetOf, load, title, failed, icon, width, testId, more }: Props<T, E>) {
  const [opened, setOpened] = useState<{ target: T; n: number } | null>(null);
  const [shown, setShown] = useState<Shown<E>>({ state: 'loading' });

  useEffect(() => {
    const sub = events.subscribe((event) => {
      const target = targetOf(event);
      if (target !== null) setOpened((prev) => ({ target, n: (prev?.n ?? 0) + 1 }));
    });
    return () => sub.unsubscribe();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!opened) return;
    let alive = true;
    setShown({ state: 'loading' });
    load(opened.target).then(
      (ready) => alive && setShown({ state: 'ready', ...ready }),
      // The request layer has shown why (e.g. 无权查看相关数据).
      () => alive && setShown({ state: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = () => setOpened(null);
  let body;
  if (shown.state === 'loading') body = <Spinner />;
  else if (shown.state === 'failed') body = <NonIdealState icon="error" description={failed} />;
  else
    body = (
      <>
        {shown.lines.map((l) => (
          <div key={l.label} className="fp-kit-detail-line">
            <span className={`fp-kit-label ${Classes.TEXT_MUTED}`}>{l.label}</span>
            <span className="fp-kit-detail-value">{l.value || '-'}</span>
          </div>
        ))}
        {more?.(shown.extra)}
      </>
    );
  return (
    <Dialog isOpen={opened !== null} onClose={close} title={shown.state === 'ready' && shown.title ? `${title}（${shown.title}）` : title} icon={icon} style={{ width }}>
      <DialogBody>
        <div data-testid={testId}>{body}</div>
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={close} />} />
    </Dialog>
  );
}
