/**
 * The dialog of 申请记录 (DOMAIN.md §5): applying over finished orders with the server's amounts
 * previewed. Vouchers and invoice files are the kit's rowFiles (apply-records.ts).
 */
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { AutoTextArea, defaultInvoiceKind, ent, ENUMS, enumLabel, invoiceApply, kindAllowed, request, showSuccess, useSession, type Row } from '@flexpay/shared-utility';
import { simplePath } from '@flexpay/shared-utility/kit';
import './invoice.css';

// ---------------------------------------------------------------- 申请开票 / 编辑

interface Options {
  orders: Array<{ orderNo: string; status: number; amount: string; fee: string; paid: string; detailCount: number; createdAt: string }>;
  items: Array<{ value: number; label: string; taxRate: string }>;
  info: { title: string; taxNo: string; invoiceKind: number; medium: number } | null;
  /** Editing: the application's own orders. */
  selected?: string[];
}

interface Preview {
  amount: string;
  tax: string;
  exclAmount: string;
  taxRate: string;
  orderCount: number;
}

/** The enterprise's finished orders to choose from, the item, kind and medium, and the server's amounts before submitting. */
export function ApplyDialog({ row, reload, close }: { row?: Row; reload: () => void; close: () => void }) {
  const session = useSession();
  const isSys = session?.accountType === 'SYS';
  const editing = row?.id !== undefined;
  const [entId, setEntId] = useState<string>(row?.entId ? String(row.entId) : '');
  const [ents, setEnts] = useState<Array<{ value: number; label: string }>>([]);
  const [options, setOptions] = useState<Options | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [itemId, setItemId] = useState<string>(row?.itemId ? String(row.itemId) : '');
  const [kind, setKind] = useState<string>(row?.invoiceKind ? String(row.invoiceKind) : '');
  const [medium, setMedium] = useState<string>(row?.medium !== undefined ? String(row.medium) : '');
  const [remark, setRemark] = useState<string>(String(row?.remark ?? ''));
  const [amounts, setAmounts] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paths = invoiceApply.paths;

  useEffect(() => {
    if (isSys && !editing) void request<Array<{ value: number; label: string }>>(simplePath(ent), {}, { silent: true }).then(setEnts, () => undefined);
  }, [isSys, editing]);

  useEffect(() => {
    if (isSys && !entId) return;
    let alive = true;
    setOptions(null);
    request<Options>(`${paths.query}/applyOptions`, { entId: entId ? Number(entId) : undefined, id: row?.id }).then(
      (answer) => {
        if (!alive) return;
        setOptions(answer);
        if (answer.selected) setPicked(answer.selected);
        if (!itemId && answer.items[0]) setItemId(String(answer.items[0].value));
        if (!kind && answer.info) setKind(String(defaultInvoiceKind(answer.info.invoiceKind)));
        if (!medium && answer.info) setMedium(String(answer.info.medium));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [entId]); // eslint-disable-line react-hooks/exhaustive-deps

  // The server prices the selection whenever it changes.
  useEffect(() => {
    setAmounts(null);
    setPreviewError(null);
    if (picked.length === 0 || !itemId) return;
    let alive = true;
    const timer = setTimeout(() => {
      request<Preview>(`${paths.query}/preview`, { entId: entId ? Number(entId) : undefined, id: row?.id, orderNos: picked, itemId: Number(itemId) }, { silent: true }).then(
        (answer) => alive && setAmounts(answer),
        (error: { message?: string }) => alive && setPreviewError(error?.message ?? '金额计算失败'),
      );
    }, 200);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [picked, itemId]); // eslint-disable-line react-hooks/exhaustive-deps

  // The kinds the enterprise's information allows (4: either), one rule with the server's.
  const kinds = useMemo(() => ENUMS.invoiceKind.filter((o) => options?.info && kindAllowed(options.info.invoiceKind, Number(o.value))), [options]);
  const toggle = (orderNo: string) => setPicked((p) => (p.includes(orderNo) ? p.filter((n) => n !== orderNo) : [...p, orderNo]));
  const allPicked = options !== null && options.orders.length > 0 && options.orders.every((o) => picked.includes(o.orderNo));

  const submit = async () => {
    setBusy(true);
    try {
      const body = { orderNos: picked, itemId: Number(itemId), invoiceKind: Number(kind), medium: Number(medium), remark };
      if (editing) await request(`${paths.mgr}/update`, { id: row!.id, ...body }, { showLoading: true });
      else await request(`${paths.mgr}/create`, { ...body, ...(isSys ? { entId: Number(entId) } : {}) }, { showLoading: true });
      showSuccess(editing ? '修改成功' : '申请已提交');
      reload();
      close();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  const ready = picked.length > 0 && itemId && kind && medium !== '' && amounts !== null;
  return (
    <Dialog isOpen title={editing ? `编辑开票申请（${String(row!.applyNo)}）` : '申请开票'} onClose={close} style={{ width: 860 }} canOutsideClickClose={false}>
      <DialogBody>
        {isSys && !editing && (
          <FormGroup label="企业" labelFor="fp-invoice-ent" inline>
            <HTMLSelect id="fp-invoice-ent" value={entId} onChange={(e) => setEntId(e.target.value)} options={[{ value: '', label: '请选择企业' }, ...ents.map((e) => ({ value: String(e.value), label: e.label }))]} />
          </FormGroup>
        )}
        {options === null ? (
          isSys && !entId ? <Callout>请先选择企业</Callout> : <Spinner size={30} />
        ) : (
          <>
            {options.info ? (
              <div className="fp-invoice-info">
                发票抬头：<b>{options.info.title}</b>　纳税人识别号：{options.info.taxNo}
              </div>
            ) : (
              <Callout intent={Intent.WARNING}>请先在「开票信息」中维护开票信息</Callout>
            )}
            <div className="fp-invoice-orders">
              {options.orders.length === 0 ? (
                <NonIdealState icon="inbox" title="暂无可开票的已完成订单" description="订单全部成功（62）或部分失败（162）且不在其他开票申请中时可申请开票" />
              ) : (
                <HTMLTable compact striped interactive className="fp-invoice-order-table">
                  <thead>
                    <tr>
                      <th style={{ width: 36 }}>
                        <Checkbox aria-label="全选" checked={allPicked} onChange={() => setPicked(allPicked ? [] : options.orders.map((o) => o.orderNo))} />
                      </th>
                      <th>订单编号</th>
                      <th>订单状态</th>
                      <th>笔数</th>
                      <th className="fp-num">代发金额(元)</th>
                      <th className="fp-num">实付金额(元)</th>
                      <th>创建时间</th>
                    </tr>
                  </thead>
                  <tbody>
                    {options.orders.map((o) => (
                      <tr key={o.orderNo} onClick={() => toggle(o.orderNo)}>
                        <td>
                          <Checkbox aria-label={`选择订单 ${o.orderNo}`} checked={picked.includes(o.orderNo)} onChange={() => toggle(o.orderNo)} onClick={(e) => e.stopPropagation()} />
                        </td>
                        <td>{o.orderNo}</td>
                        <td>{enumLabel(ENUMS.orderStatus, o.status, String(o.status))}</td>
                        <td>{o.detailCount}</td>
                        <td className="fp-num">{o.amount}</td>
                        <td className="fp-num">{o.paid}</td>
                        <td>{o.createdAt}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </div>
            <div className="fp-invoice-form">
              <FormGroup label="开票项目" labelFor="fp-invoice-item">
                <HTMLSelect id="fp-invoice-item" fill value={itemId} onChange={(e) => setItemId(e.target.value)} options={[{ value: '', label: '请选择开票项目' }, ...options.items.map((i) => ({ value: String(i.value), label: `${i.label}（${Number(i.taxRate)}%）` }))]} />
              </FormGroup>
              <FormGroup label="发票种类" labelFor="fp-invoice-kind">
                <HTMLSelect id="fp-invoice-kind" fill value={kind} onChange={(e) => setKind(e.target.value)} options={[{ value: '', label: '请选择发票种类' }, ...kinds.map((o) => ({ value: String(o.value), label: o.label }))]} />
              </FormGroup>
              <FormGroup label="发票介质" labelFor="fp-invoice-medium">
                <HTMLSelect id="fp-invoice-medium" fill value={medium} onChange={(e) => setMedium(e.target.value)} options={[{ value: '', label: '请选择发票介质' }, ...ENUMS.invoiceMedium.map((o) => ({ value: String(o.value), label: o.label }))]} />
              </FormGroup>
            </div>
            <FormGroup label="备注" labelFor="fp-invoice-remark">
              <AutoTextArea id="fp-invoice-remark" value={remark} minRows={2} maxRows={3} placeholder="请输入备注" onChange={(v) => setRemark(String(v ?? ''))} />
            </FormGroup>
            <div className="fp-invoice-preview" aria-label="开票金额预览">
              {picked.length === 0 ? (
                <span className="fp-muted">请选择订单，金额由系统按订单实付金额计算</span>
              ) : previewError ? (
                <Tag intent={Intent.DANGER} minimal>
                  {previewError}
                </Tag>
              ) : amounts === null ? (
                <Spinner size={16} />
              ) : (
                <>
                  <span>已选 {amounts.orderCount} 笔订单</span>
                  <span>
                    开票金额 <b data-testid="preview-amount">{amounts.amount}</b> 元
                  </span>
                  <span>
                    税额 <b data-testid="preview-tax">{amounts.tax}</b> 元（税率 {Number(amounts.taxRate) / 10000}%）
                  </span>
                  <span>
                    不含税金额 <b data-testid="preview-excl">{amounts.exclAmount}</b> 元
                  </span>
                </>
              )}
            </div>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={close} />
            <Button intent={Intent.PRIMARY} text={editing ? '保存' : '提交申请'} disabled={!ready} loading={busy} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
