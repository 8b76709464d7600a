import { useEffect, useState } from 'react';
import {
  ENUMS,
  ExcelUpload,
  computeFileMd5,
  downloadTemplate,
  loadXlsx,
  request,
  sheetMatrix,
  showError,
  showSuccess,
  tempOrder,
  useSession,
  type CustomInputProps,
  type Field,
  type Row,
} from '@flexpay/shared-utility';
import { FieldsDialog, refInput, uploadChosenFiles } from '@flexpay/shared-utility/kit';
import { PAYOUT_SHEET_MESSAGES, readPayoutSheet } from './payout-sheet';

/** The enterprise's open channels (its balances), labelled by the channel enumeration. */
function ChannelSelect({ id, value, onChange, values }: CustomInputProps) {
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const entId = values?.entId;
  useEffect(() => {
    let alive = true;
    request<{ records?: Array<{ channel: number; status: number }> }>('ent/query/payChannel/list', { cond: entId ? { entId } : {}, page: { limit: 100, pageNum: 1 } }, { silent: true }).then(
      (data) => {
        const open = [...new Set((data.records ?? []).filter((r) => r.status === 0).map((r) => r.channel))];
        if (alive) setOptions(open.map((c) => ({ value: c, label: ENUMS.payChannel.find((o) => o.value === c)?.label ?? String(c) })));
      },
      () => alive && setOptions([]),
    );
    return () => {
      alive = false;
    };
  }, [entId]);
  return (
    <div className="bp6-html-select bp6-fill">
      <select id={id} value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}>
        <option value="">请选择支付通道</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function SheetInput({ value, onChange, readOnly }: CustomInputProps) {
  return <ExcelUpload value={(value || null) as File | null} disabled={readOnly} onChange={onChange} onTemplate={() => void downloadTemplate('orderPayout').catch(() => undefined)} />;
}

const F = tempOrder.fields;
const FIELDS: Field[] = [
  { name: 'entId', label: F.entId.label, type: 'custom', required: true, onlyFor: ['SYS'], input: refInput('entId', F.entId) },
  { name: 'channel', label: F.channel.label, type: 'custom', required: true, input: (p) => <ChannelSelect {...p} /> },
  { name: 'packageCode', label: F.packageCode.label, type: 'text', placeholder: '选填：按任务包发放时填写' },
  { name: 'remark', label: F.remark.label, type: 'textarea', rule: 'remark' },
  { name: 'file', label: '代发明细', type: 'custom', required: true, input: (p) => <SheetInput {...p} /> },
];

/** The answer of order/mgr/temp/create (DOMAIN.md §11). */
interface Created {
  id: number;
  tempOrderNo: string;
  rows: Array<{ rowNo: number; errorType: number; errorMsg: string | null }>;
}

/**
 * 上传制单: the payout sheet read in the browser (SheetJS), its rows sent with the channel, and the
 * original file kept through file/upload; the new temp order's rows then open for checking.
 */
export function UploadDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: Created) => void }) {
  const session = useSession();
  const fields = FIELDS.filter((f) => !f.onlyFor || (session?.accountType !== undefined && f.onlyFor.includes(session.accountType)));
  const submit = async (values: Row) => {
    const file = values.file as File;
    let read;
    try {
      read = readPayoutSheet(sheetMatrix(await loadXlsx(), await file.arrayBuffer()));
    } catch {
      read = { problem: PAYOUT_SHEET_MESSAGES.unreadable };
    }
    if ('problem' in read) {
      showError(read.problem);
      throw new Error(read.problem);
    }
    const { excelFile } = await uploadChosenFiles(tempOrder, { excelFile: { file, fileMd5: await computeFileMd5(file), url: '', type: 'xlsx' } });
    const created = await request<Created>(
      `${tempOrder.paths.mgr}/create`,
      { entId: values.entId, channel: values.channel, packageCode: values.packageCode || undefined, remark: values.remark || undefined, excelFile, rows: read.rows },
      { showLoading: true },
    );
    const failing = created.rows.filter((r) => r.errorType !== 0).length;
    showSuccess(failing ? `制单成功：共${created.rows.length}条明细，其中${failing}条异常，请修改或删除` : `制单成功：共${created.rows.length}条明细`);
    onCreated(created);
  };
  return <FieldsDialog title="上传制单" fields={fields} submit={submit} onClose={onClose} />;
}
