/**
 * A row action whose call answers secrets the server shows this one time only (重置密钥: a client's new
 * MD5 / AES keys): the kit asks first, posts the row's key, then shows each secret of the answer with a
 * copy button and the warning that it will not be shown again. Declared by the screen — the question,
 * the route, the answer's fields and their labels — instead of a dialog of its own. The same display
 * follows a create declared with form({ then }) (商户/企业's administrator and initial password).
 */
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { request } from '../../api';
import type { Row } from '../screen';
import { showSuccess } from '../../ui';
import { type AnswerOnce, type CustomAction, type Gate, type ShownSecret, kitDrawnRowAction } from './define';

export interface SecretOnceOptions extends Gate {
  key: string;
  label: string;
  /** The row action name the server must list in `_actions`. */
  needs?: string;
  /** The dialog's title for the row (重置密钥（客户端名称）). */
  title: (row: Row) => string;
  /** The question before the call, and its button. */
  ask: string;
  confirmText: string;
  /** The route after /api/admin and its body (default: the row as is). */
  path: string;
  body: (row: Row) => Row;
  success: string;
  /** The answer's fields shown, with their labels; a field the answer leaves empty is not shown. */
  secrets: ReadonlyArray<ShownSecret>;
  /** The warning above the secrets, and the button that closes the dialog. */
  note: string;
  closeText: string;
}

const KEY_ROW = { display: 'grid', gridTemplateColumns: '72px 1fr auto', alignItems: 'center', gap: 8, marginTop: 12 } as const;
const KEY_TEXT = { fontSize: 14, padding: '6px 8px', background: '#fff', border: '1px solid #d3d8de', borderRadius: 2, userSelect: 'all', wordBreak: 'break-all' } as const;

/** A secret's value: the answer's field, or a path into it. */
const valueAt = (answer: Row, field: string): unknown =>
  field.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Row)[key] : undefined), answer);

/** The declared secrets the answer holds (one it leaves empty is not shown). */
export function secretsIn(answer: Row | null | undefined, secrets: ReadonlyArray<ShownSecret>): ShownSecret[] {
  if (!answer) return [];
  return secrets.filter((s) => {
    const value = valueAt(answer, s.field);
    return value !== null && value !== undefined && value !== '';
  });
}

/** Copies a secret; where the clipboard is refused (outside secure contexts) the value is selected on screen instead. */
function copy(text: string, testId: string, copied: string) {
  const select = () => {
    const node = document.querySelector(`[data-testid="${testId}"]`);
    if (node) window.getSelection()?.selectAllChildren(node);
  };
  if (!navigator.clipboard) return select();
  void navigator.clipboard.writeText(text).then(() => showSuccess(copied), select);
}

/** The not-shown-again warning, then each secret the answer holds with its label and copy button. */
function SecretLines({ answer, secrets, note }: { answer: Row; secrets: ReadonlyArray<ShownSecret>; note: string }) {
  return (
    <>
      <Callout intent={Intent.WARNING} icon="warning-sign">
        {note}
      </Callout>
      {secretsIn(answer, secrets).map(({ field, label, testId = `new-${label}`, copied = '已复制' }) => {
        const text = String(valueAt(answer, field));
        return (
          <div key={field} style={KEY_ROW}>
            <label className={Classes.LABEL} style={{ margin: 0 }}>
              {label}
            </label>
            <code data-testid={testId} style={KEY_TEXT}>
              {text}
            </code>
            {copied === false ? <span /> : <Button size="small" icon="duplicate" text="复制" onClick={() => copy(text, testId, copied)} />}
          </div>
        );
      })}
    </>
  );
}

/** After a create declared with form({ then }): the answer's secrets this one time, closed by its button only. */
export function AnswerOnceDialog({ once, answer, onClose }: { once: AnswerOnce; answer: Row; onClose: () => void }) {
  return (
    <Dialog isOpen title={once.title} icon="key" onClose={onClose} style={{ width: 560 }} canOutsideClickClose={false} canEscapeKeyClose={false} isCloseButtonShown={false}>
      <DialogBody>
        <SecretLines answer={answer} secrets={once.secrets} note={once.note} />
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={once.closeText} onClick={onClose} />} />
    </Dialog>
  );
}

function SecretOnceDialog({ options, row, close, reload }: { options: SecretOnceOptions; row: Row; close: () => void; reload: () => void }) {
  const [answer, setAnswer] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const call = async () => {
    setBusy(true);
    try {
      setAnswer(await request<Row>(options.path, options.body(row), { showLoading: true }));
      showSuccess(options.success);
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={options.title(row)} onClose={close} style={{ width: 560 }}>
      <DialogBody>
        {answer ? (
          <SecretLines answer={answer} secrets={options.secrets} note={options.note} />
        ) : (
          <p>{options.ask}</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          answer ? (
            <Button intent={Intent.PRIMARY} text={options.closeText} onClick={close} />
          ) : (
            <>
              <Button text="取消" onClick={close} />
              <Button intent={Intent.DANGER} text={options.confirmText} loading={busy} onClick={() => void call()} />
            </>
          )
        }
      />
    </Dialog>
  );
}

/** The declared row action (kind `custom` drawn by the kit, so the screen writes no dialog). */
export function secretOnce(options: SecretOnceOptions): CustomAction {
  return kitDrawnRowAction(options, (ctx) => <SecretOnceDialog options={options} {...ctx} />);
}
