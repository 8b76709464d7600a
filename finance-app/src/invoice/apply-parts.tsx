/**
 * The dialogs of 申请记录 and 开出记录 (DOMAIN.md §5): applying over finished orders with the server's
 * amounts previewed, vouchers, and invoice files with the simulated VAT recognition.
 */
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { AutoTextArea, ent, ENUMS, enumLabel, fetchFile, FileUpload, invoiceApply, invoiceApplyToMe, previewFile, request, showSuccess, useSession, type Row, type UploadValue } from '@flexpay/shared-utility';
import { simplePath } from '@flexpay/shared-utility/kit';
import './invoice.css';

export type Direction = 'my' | 'toMe';
const pathsOf = (dir: Direction) => (dir === 'my' ? invoiceApply.paths : invoiceApplyToMe.paths);

interface StoredFile {
  url: string;
  fileMd5: string;
  name: string;
}

function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** Uploads a chosen file through file/upload (the kit's upload route) and answers the stored value. */
async function uploadChosen(value: UploadValue): Promise<StoredFile> {
  if (!value.file || !value.fileMd5) throw new Error('no file');
  return request<StoredFile>('file/upload', { name: value.file.name, contentBase64: base64Of(await value.file.arrayBuffer()), fileMd5: value.fileMd5 }, { showLoading: true });
}

let previewUrl: string | null = null;
/** A voucher's or invoice's file through the application's own scoped GET, in the shell's preview dialog. */
async function preview(path: string, id: unknown, name: string): Promise<void> {
  const { blob } = await fetchFile(path, { id: Number(id) });
  if (previewUrl) URL.revokeObjectURL(previewUrl);
  previewUrl = URL.createObjectURL(blob);
  previewFile({ url: previewUrl, type: name.split('.').pop()?.toLowerCase() ?? 'pdf' });
}

function FileName({ path, id, file }: { path: string; id: unknown; file: StoredFile | null }) {
  if (!file) return <>-</>;
  return <Button variant="minimal" size="small" intent="primary" className="fp-kit-file-link" text={file.name} onClick={() => void preview(path, id, file.name).catch(() => undefined)} />;
}

const rowTitle = (row: Row) => `${String(row.applyNo ?? '')}${row.entName ? ` · ${String(row.entName)}` : ''}`;

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
        if (!kind && answer.info) setKind(String(answer.info.invoiceKind === 4 ? 2 : answer.info.invoiceKind));
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

  const kinds = useMemo(() => {
    const allowed = options?.info?.invoiceKind === 4 ? [1, 2] : options?.info ? [options.info.invoiceKind] : [];
    return ENUMS.invoiceKind.filter((o) => allowed.includes(Number(o.value)));
  }, [options]);
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

// ---------------------------------------------------------------- 凭证

interface Voucher {
  id: number;
  voucherType: number;
  voucherTypeName: string;
  file: StoredFile | null;
  uploaderType: number;
  createdAt: string;
  _actions: string[];
}

const UPLOADER: Record<number, string> = { 1: '平台', 20: '供应商', 40: '企业' };

/** The application's payment and work-completion vouchers; adding while the caller may, deleting for the supplier. */
export function VouchersDialog({ row, dir, reload, close }: { row: Row; dir: Direction; reload: () => void; close: () => void }) {
  const paths = pathsOf(dir);
  const [list, setList] = useState<Voucher[] | null>(null);
  const [type, setType] = useState('20');
  const [file, setFile] = useState<UploadValue | null>(null);
  const [busy, setBusy] = useState(false);
  const mayAdd = Array.isArray(row._actions) && (row._actions as string[]).includes('inviVoucherCreate');
  const load = () => void request<Voucher[]>(`${paths.query}/inviVouchers`, { applyId: row.id }).then(setList, () => setList([]));
  useEffect(load, [row.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const add = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadChosen(file);
      await request(`${paths.mgr}/inviVoucherCreate`, { applyId: row.id, voucherType: Number(type), file: stored }, { showLoading: true });
      showSuccess('凭证已上传');
      setFile(null);
      load();
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const remove = async (v: Voucher) => {
    if (!window.confirm(`确定删除凭证「${v.file?.name ?? ''}」吗？`)) return;
    await request(`${invoiceApplyToMe.paths.mgr}/inviVoucherDelete`, { id: v.id }, { showLoading: true }).catch(() => undefined);
    load();
  };

  return (
    <Dialog isOpen title={`凭证（${rowTitle(row)}）`} onClose={close} style={{ width: 760 }}>
      <DialogBody>
        {list === null ? (
          <Spinner size={30} />
        ) : list.length === 0 ? (
          <NonIdealState icon="document" title="暂无凭证" description="审核前需上传工作完成证明" />
        ) : (
          <HTMLTable compact striped className="fp-invoice-table">
            <thead>
              <tr>
                <th>凭证类型</th>
                <th>文件</th>
                <th>上传方</th>
                <th>上传时间</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {list.map((v) => (
                <tr key={v.id}>
                  <td>{v.voucherTypeName}</td>
                  <td>
                    <FileName path={`${paths.query}/inviVoucherFile`} id={v.id} file={v.file} />
                  </td>
                  <td>{UPLOADER[v.uploaderType] ?? '-'}</td>
                  <td>{v.createdAt}</td>
                  <td>{v._actions.includes('delete') ? <Button variant="minimal" size="small" intent={Intent.DANGER} text="删除" onClick={() => void remove(v)} /> : '-'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {mayAdd && (
          <div className="fp-invoice-upload">
            <FormGroup label="凭证类型" labelFor="fp-voucher-type">
              <HTMLSelect id="fp-voucher-type" className="fp-voucher-type" value={type} onChange={(e) => setType(e.target.value)} options={ENUMS.voucherType.map((o) => ({ value: String(o.value), label: o.label }))} />
            </FormGroup>
            <FormGroup label="凭证文件" className="fp-voucher-file">
              <FileUpload value={file} onChange={setFile} />
            </FormGroup>
            <Button intent={Intent.PRIMARY} icon="upload" text="上传凭证" disabled={!file} loading={busy} onClick={() => void add()} />
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={close} />} />
    </Dialog>
  );
}

// ---------------------------------------------------------------- 发票

interface InvoiceFile {
  id: number;
  invoiceNo: string;
  invoiceCode: string | null;
  invoiceDate: string;
  total: string;
  tax: string;
  exclAmount: string;
  file: StoredFile | null;
  status: number;
  _actions: string[];
}

const EMPTY = { invoiceNo: '', invoiceCode: '', invoiceDate: '', total: '', tax: '' };
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

/**
 * The application's invoices (and express): the supplier adds, edits and deletes them while the
 * application is approved; a chosen PDF or image is read by the VAT recognition to fill the form.
 */
export function FilesDialog({ row, dir, reload, close }: { row: Row; dir: Direction; reload: () => void; close: () => void }) {
  const paths = pathsOf(dir);
  const [list, setList] = useState<InvoiceFile[] | null>(null);
  const [editing, setEditing] = useState<InvoiceFile | 'new' | null>(null);
  const [form, setForm] = useState<Record<string, string>>(EMPTY);
  const [shown, setShown] = useState<UploadValue | null>(null);
  const [stored, setStored] = useState<StoredFile | null>(null);
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);
  const mayAdd = dir === 'toMe' && Array.isArray(row._actions) && (row._actions as string[]).includes('inviFileCreate');
  const load = () => void request<InvoiceFile[]>(`${paths.query}/inviFileList`, { applyId: row.id }).then(setList, () => setList([]));
  useEffect(load, [row.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const normalFen = (list ?? []).filter((f) => f.status === 0).reduce((s, f) => s + fen(f.total), 0);
  const applyFen = fen(String(row.amount ?? '0'));

  const open = (f: InvoiceFile | 'new') => {
    setEditing(f);
    setForm(f === 'new' ? EMPTY : { invoiceNo: f.invoiceNo, invoiceCode: f.invoiceCode ?? '', invoiceDate: f.invoiceDate, total: f.total, tax: f.tax });
    setStored(f === 'new' ? null : f.file);
    setShown(f === 'new' || !f.file ? null : { url: f.file.url, type: f.file.name.split('.').pop() ?? 'pdf', name: f.file.name });
  };

  // A newly chosen file is uploaded at once and recognised; what is read fills the form.
  const choose = async (value: UploadValue | null) => {
    setShown(value);
    setStored(null);
    if (!value?.file) return;
    setReading(true);
    try {
      const saved = await uploadChosen(value);
      setStored(saved);
      const read = await request<Record<string, string | null>>(`${invoiceApplyToMe.paths.mgr}/ocrVatInvoice`, { file: saved });
      setForm({ invoiceNo: read.invoiceNo ?? '', invoiceCode: read.invoiceCode ?? '', invoiceDate: read.invoiceDate ?? '', total: read.total ?? '', tax: read.tax ?? '' });
      showSuccess('已识别发票信息，请核对');
    } catch {
      // a file that cannot be read is filled in by hand (the message is shown by the request layer)
    } finally {
      setReading(false);
    }
  };

  const save = async () => {
    if (!stored) return;
    setBusy(true);
    try {
      const body = { ...form, file: stored };
      if (editing === 'new') await request(`${invoiceApplyToMe.paths.mgr}/inviFileCreate`, { applyId: row.id, ...body }, { showLoading: true });
      else await request(`${invoiceApplyToMe.paths.mgr}/inviFileUpdate`, { id: (editing as InvoiceFile).id, ...body }, { showLoading: true });
      showSuccess('发票已保存');
      setEditing(null);
      load();
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const remove = async (f: InvoiceFile) => {
    if (!window.confirm(`确定删除发票 ${f.invoiceNo} 吗？`)) return;
    await request(`${invoiceApplyToMe.paths.mgr}/inviFileDelete`, { id: f.id }, { showLoading: true }).catch(() => undefined);
    load();
  };

  const input = (name: keyof typeof EMPTY, label: string, placeholder: string) => (
    <FormGroup label={label} labelFor={`fp-invoice-${name}`}>
      <InputGroup id={`fp-invoice-${name}`} value={form[name]} placeholder={placeholder} onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))} />
    </FormGroup>
  );

  return (
    <Dialog isOpen title={`发票（${rowTitle(row)}）`} onClose={close} style={{ width: 860 }} canOutsideClickClose={false}>
      <DialogBody>
        <div className="fp-invoice-summary">
          <span>
            申请金额 <b>{String(row.amount ?? '')}</b> 元
          </span>
          <span>
            有效发票合计 <b data-testid="files-total">{(normalFen / 100).toFixed(2)}</b> 元
          </span>
          {normalFen > 0 && normalFen !== applyFen && Number(row.status) === 20 && <Tag intent={Intent.WARNING} minimal>发票金额合计与申请金额不一致</Tag>}
          {row.expressNo ? (
            <span>
              快递：{enumLabel(ENUMS.expressCompany, row.expressCompany, String(row.expressCompany ?? ''))} {String(row.expressNo)}
            </span>
          ) : null}
        </div>
        {list === null ? (
          <Spinner size={30} />
        ) : list.length === 0 ? (
          <NonIdealState icon="document" title="暂无发票" description={mayAdd ? '上传发票文件后系统将自动识别发票信息' : '供应商开票后可在此查看发票'} />
        ) : (
          <HTMLTable compact striped className="fp-invoice-table">
            <thead>
              <tr>
                <th>发票号码</th>
                <th>开票日期</th>
                <th className="fp-num">价税合计(元)</th>
                <th className="fp-num">税额(元)</th>
                <th>发票文件</th>
                <th>状态</th>
                {mayAdd && <th>操作</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((f) => (
                <tr key={f.id}>
                  <td>{f.invoiceNo}</td>
                  <td>{f.invoiceDate}</td>
                  <td className="fp-num">{f.total}</td>
                  <td className="fp-num">{f.tax}</td>
                  <td>
                    <FileName path={`${paths.query}/inviFile`} id={f.id} file={f.file} />
                  </td>
                  <td>{enumLabel(ENUMS.invoiceFileStatus, f.status, '')}</td>
                  {mayAdd && (
                    <td>
                      {f._actions.includes('update') && <Button variant="minimal" size="small" intent={Intent.PRIMARY} text="编辑" onClick={() => open(f)} />}
                      {f._actions.includes('delete') && <Button variant="minimal" size="small" intent={Intent.DANGER} text="删除" onClick={() => void remove(f)} />}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {mayAdd && editing === null && <Button className="fp-invoice-add" icon="plus" intent={Intent.PRIMARY} text="添加发票" onClick={() => open('new')} />}
        {editing !== null && (
          <div className="fp-invoice-file-form">
            <FormGroup label="发票文件" helperText={reading ? '正在识别发票…' : '支持 PDF 或图片，上传后自动识别发票号码、日期和金额'}>
              <FileUpload value={shown} onChange={(v) => void choose(v)} />
            </FormGroup>
            <div className="fp-invoice-form">
              {input('invoiceNo', '发票号码', '8至20位数字')}
              {input('invoiceCode', '发票代码', '全电发票可不填')}
              {input('invoiceDate', '开票日期', 'yyyy-MM-dd')}
              {input('total', '价税合计(元)', '0.00')}
              {input('tax', '税额(元)', '0.00')}
            </div>
            <div className="fp-invoice-file-buttons">
              <Button text="取消" onClick={() => setEditing(null)} />
              <Button intent={Intent.PRIMARY} text="保存发票" disabled={!stored || reading} loading={busy} onClick={() => void save()} />
            </div>
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={close} />} />
    </Dialog>
  );
}

