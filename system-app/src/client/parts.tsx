/**
 * Pieces the /client screens share: the business-code checkboxes of an authorisation, the jump from
 * a row to the next screen with the row's client (and merchant) preselected, and 重置密钥.
 */
import { Button, Callout, Checkbox, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ENUMS, request, showSuccess, type CustomInputProps, type EntityField, type Field, type Row } from '@flexpay/shared-utility';
import { refInput } from '@flexpay/shared-utility/kit';

/** The business API codes as checkboxes; the value is the list of checked codes. */
export function ApiCodesInput({ value, onChange, readOnly }: CustomInputProps) {
  const checked = new Set(Array.isArray(value) ? value.map(Number) : []);
  return (
    <div className="fp-client-codes">
      {ENUMS.businessApi.map((o) => (
        <Checkbox
          key={o.value}
          inline
          label={o.label}
          checked={checked.has(o.value)}
          disabled={readOnly}
          onChange={() => onChange(ENUMS.businessApi.map((b) => b.value).filter((c) => (c === o.value ? !checked.has(c) : checked.has(c))))}
        />
      ))}
    </div>
  );
}

const PARTIAL = 2;

/** The derived form, with the business codes as checkboxes offered under 部分授权 only. */
export const authorisationFields = (fields: Field[]): Field[] =>
  fields.map((f) => (f.name === 'apiCodes' ? { ...f, type: 'custom', input: ApiCodesInput, required: true, showWhen: (v) => Number(v.authorization) === PARTIAL } : f));

/** Ref fields draw the kit's server-backed selects. */
export const refInputs = (name: string, field: EntityField) => (field.type === 'ref' ? refInput(name, field) : undefined);

/** Opens a screen whose route parameters preselect the row's client and merchant. */
export function GoTo({ to, close }: { to: () => Promise<string> | string; close: () => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    void Promise.resolve(to()).then(
      (path) => {
        close();
        navigate(path);
      },
      () => close(),
    );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** The merchant's code for the path of 授权企业管理 (authorisation rows carry the merchant's id). */
export const merchantCodeOf = async (merchtId: unknown): Promise<string> => (await request<Row>('mercht/query/get', { id: merchtId })).merchtCode as string;

interface ResetAnswer {
  md5Key: string | null;
  aesKey: string | null;
}

/** 重置密钥: asks first, then shows the new keys this one time only. */
export function ResetSecretDialog({ row, close, reload }: { row: Row; close: () => void; reload: () => void }) {
  const [keys, setKeys] = useState<ResetAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      setKeys(await request<ResetAnswer>('client/mgr/security/reset', { clientCode: row.clientCode }, { showLoading: true }));
      showSuccess('密钥已重置');
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const copy = (text: string) => void navigator.clipboard?.writeText(text).then(() => showSuccess('已复制'), () => undefined);
  return (
    <Dialog isOpen title={`重置密钥（${String(row.clientName)}）`} onClose={close} style={{ width: 560 }}>
      <DialogBody>
        {keys ? (
          <>
            <Callout intent={Intent.WARNING} icon="warning-sign">
              新密钥只显示这一次，关闭后只能看到末4位。请立即复制并安全地交给客户端的技术人员。
            </Callout>
            {(
              [
                ['MD5密钥', keys.md5Key],
                ['AES密钥', keys.aesKey],
              ] as const
            )
              .filter(([, v]) => v)
              .map(([label, value]) => (
                <div key={label} className="fp-client-key">
                  <label className={Classes.LABEL}>{label}</label>
                  <code data-testid={`new-${label}`}>{value}</code>
                  <Button size="small" icon="duplicate" text="复制" onClick={() => copy(value!)} />
                </div>
              ))}
          </>
        ) : (
          <p>重置后旧密钥立即失效，客户端须换用新密钥签名和加密，确定要重置吗？</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          keys ? (
            <Button intent={Intent.PRIMARY} text="我已保存，关闭" onClick={close} />
          ) : (
            <>
              <Button text="取消" onClick={close} />
              <Button intent={Intent.DANGER} text="重置" loading={busy} onClick={() => void reset()} />
            </>
          )
        }
      />
    </Dialog>
  );
}
