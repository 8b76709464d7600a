import { Button, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { request, showSuccess, tempOrder, useSession, type CustomInputProps, type Field, type Row } from '@flexpay/shared-utility';
import { FieldsDialog } from '@flexpay/shared-utility/kit';
import { ORDER_PATHS } from './paths';

const RESEND_SECONDS = 60;

/** The SMS payment code (type 20) with 获取验证码, sent to the enterprise's phone through the outbox. */
function PayCodeInput({ id, value, onChange, readOnly, tempOrderId }: CustomInputProps & { tempOrderId: unknown }) {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = async () => {
    await request(ORDER_PATHS.sendPayCode, { id: tempOrderId }, { showLoading: true });
    showSuccess('验证码已发送');
    setWait(RESEND_SECONDS);
  };
  return (
    <InputGroup
      id={id}
      value={String(value ?? '')}
      disabled={readOnly}
      placeholder="请输入支付验证码"
      onChange={(e) => onChange(e.target.value)}
      rightElement={<Button variant="minimal" intent="primary" text={wait > 0 ? `${wait}秒后重发` : '获取验证码'} disabled={wait > 0} onClick={() => void send().catch(() => undefined)} />}
    />
  );
}

/**
 * 提交订单 (transOrder, DOMAIN.md §4): the temp order becomes an order, rechecked and priced on the
 * server; an enterprise confirms with its SMS payment code, the platform without.
 */
export function TransOrderDialog({ row, reload, close }: { row: Row; reload: () => void; close: () => void }) {
  const session = useSession();
  const needsCode = session?.accountType === 'ENT';
  const fields: Field[] = needsCode
    ? [{ name: 'smsCode', label: '支付验证码', type: 'custom', required: true, input: (p) => <PayCodeInput {...p} tempOrderId={row.id} /> }]
    : [];
  const submit = async (values: Row) => {
    const { orderNo } = await request<{ orderNo: string }>(`${tempOrder.paths.mgr}/transOrder`, { id: row.id, ...values }, { showLoading: true });
    showSuccess(`提交订单成功，订单编号 ${orderNo}`);
    reload();
  };
  return (
    <FieldsDialog
      title={`提交订单（${String(row.tempOrderNo ?? '')}）`}
      note={`共${String(row.lineCount ?? 0)}笔，金额${String(row.amount ?? '0.00')}元。提交后将锁定余额并进入代发处理，确定提交吗？`}
      fields={fields}
      submit={submit}
      onClose={close}
    />
  );
}
