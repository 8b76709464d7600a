import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { enumLabel, ENUMS, navigate, packagePayLine, request, showSuccess, usePermissions, workPackage, type Field, type Row } from '@flexpay/shared-utility';
import { defineScreen, detail, EntityScreenView, FieldsDialog } from '@flexpay/shared-utility/kit';
import { packageLink } from './package-parts';
import './settlement.css';

/**
 * /task/orderDetail2/:packageCode? 从业者结算 (hidden, SYS, SPR): the payout lines made with a
 * package's code (its orders' lines and its temp orders' rows not yet ordered), the package's settled
 * total and counts, and 发起结算 — a temp order for the completed takers, finished in 制单管理.
 */
export const route = '/task/orderDetail2/:packageCode?';

/** The lines; the route's package code preselects the package filter (a picker otherwise). */
export const PAY_LINES = defineScreen(packagePayLine, {
  title: '从业者结算',
  // Fits 1280 px beside 操作; the enterprise is the package's (in the head, 详情 and the filters).
  list: ['packageCode', 'billNo', 'name', 'idNumber', 'amount', 'statusText', 'reason', 'createdAt'],
  search: ['packageId', 'name', 'billNo'],
  filterDialog: ['entId', 'idNumber', 'status', 'amount', 'createdAt'],
  tabs: { by: 'kind', values: [10, 20] },
  params: { packageCode: 'packageId' },
  summary: ['amount'],
  summaryCount: '明细笔数',
  columns: {
    packageCode: { render: (row: Row) => packageLink(String(row.packageCode ?? ''), row.packageId), width: 90 },
    billNo: { width: 116 },
    name: { width: 76 },
    idNumber: { width: 156 },
    amount: { width: 96 },
    statusText: { width: 100 },
    reason: { width: 130 },
    createdAt: { width: 150 },
  },
  actions: [detail()],
});

/** What package/settlement/query/summary answers. */
interface Summary {
  id: number;
  packageCode: string;
  name: string;
  entName: string;
  status: number;
  settledAmount: string;
  takerCount: number;
  completedCount: number;
  orderLineCount: number;
  successLineCount: number;
  tempLineCount: number;
  completedTakers: Array<{ custId: number; name: string; account: string | null }>;
  channels: Array<{ value: number; label: string }>;
}

const amountField = (custId: number) => `amount${custId}`;

/** 发起结算: the pay channel, one amount per completed taker (paid to the talent's bank card), a remark. */
function SettleDialog({ summary, onClose }: { summary: Summary; onClose: () => void }) {
  const fields: Field[] = [
    { name: 'channel', label: '支付通道', type: 'select', required: true, options: summary.channels },
    ...summary.completedTakers.map(
      (t): Field => ({ name: amountField(t.custId), label: `${t.name}（${t.account ? `尾号${t.account.slice(-4)}` : '无银行卡'}）`, type: 'money', rule: 'money', required: true }),
    ),
    { name: 'remark', label: '备注', type: 'textarea', rule: 'remark', placeholder: '备注' },
  ];
  const submit = async (values: Row) => {
    const created = await request<{ tempOrderNo: string }>(
      `${packagePayLine.paths.mgr}/settle`,
      {
        id: summary.id,
        channel: values.channel,
        remark: values.remark || undefined,
        rows: summary.completedTakers.map((t) => ({ custId: t.custId, amount: values[amountField(t.custId)] })),
      },
      { showLoading: true },
    );
    showSuccess(`发起结算成功，制单编号 ${created.tempOrderNo}`);
    navigate(`/order/prodOrder?tempOrderNo=${encodeURIComponent(created.tempOrderNo)}`);
  };
  return (
    <FieldsDialog
      title={`发起结算（${summary.packageCode}）`}
      note={`将为${summary.completedTakers.length}位已完成的接包人创建制单，收款账号为各人才的银行卡；创建后请在制单管理中提交订单。`}
      fields={fields}
      submit={submit}
      onClose={onClose}
    />
  );
}

/** The chosen package: code, settled total, takers and lines counted, and 发起结算. */
function PackageHead({ packageId }: { packageId: number }) {
  const held = usePermissions();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [settling, setSettling] = useState(false);
  const load = useCallback(() => {
    let alive = true;
    request<Summary>(`${packagePayLine.paths.query}/summary`, { id: packageId }).then(
      (s) => alive && setSummary(s),
      () => alive && setSummary(null),
    );
    return () => {
      alive = false;
    };
  }, [packageId]);
  useEffect(load, [load]);
  if (!summary) return null;
  const facts: Array<[string, string]> = [
    ['已结算金额(元)', summary.settledAmount],
    ['接包人', `${summary.takerCount}人（已完成${summary.completedCount}人）`],
    ['订单明细', `${summary.orderLineCount}笔（成功${summary.successLineCount}笔）`],
    ['待转订单明细', `${summary.tempLineCount}笔`],
  ];
  return (
    <div className="fp-settle-head" data-testid="settlement-head">
      <div className="fp-settle-title">
        {packageLink(summary.packageCode, summary.id)}
        <span>{summary.name}</span>
        <span className="fp-settle-muted">{summary.entName}</span>
        <span className="fp-settle-muted">{enumLabel(ENUMS.workPackageStatus, summary.status)}</span>
      </div>
      <dl className="fp-settle-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={`settle-${label}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {held?.has(packagePayLine.codes.mgr!) && (
        <Button intent={Intent.PRIMARY} icon="bank-account" text="发起结算" disabled={summary.completedCount === 0} onClick={() => setSettling(true)} />
      )}
      {settling && <SettleDialog summary={summary} onClose={() => setSettling(false)} />}
    </div>
  );
}

export default function PackageSettlement() {
  // The package filter lives in the query string (the kit's list state), set from the route's code.
  const { search } = useLocation();
  const packageId = Number(new URLSearchParams(search).get('packageId'));
  return (
    <Card className="fp-kit-page">
      {Number.isInteger(packageId) && packageId > 0 ? (
        <PackageHead key={packageId} packageId={packageId} />
      ) : (
        <Callout className="fp-settle-hint" intent={Intent.PRIMARY} icon="info-sign">
          请选择{workPackage.title}，查看其结算明细、已结算金额并发起结算。
        </Callout>
      )}
      <EntityScreenView screen={PAY_LINES} savedKey={route} />
    </Card>
  );
}
