import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, Card, Classes, FormGroup, H5, HTMLSelect, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import {
  ExcelUpload,
  loadXlsx,
  parseWorkbook,
  request,
  showSuccess,
  TableView,
  useSession,
  type ListDef,
  type Row,
} from '@flexpay/shared-utility';
import { headerMatches, IMPORT_MAX_ROWS, IMPORT_MESSAGES, importPayload, maskIdNumber, previewRows, type PreviewRow } from './import-rows';

interface EntOption {
  id: number;
  entName: string;
}

/** 人才列表 under the import: the talents in the caller's scope (server-filtered). */
export const CUST_LIST: ListDef<Row> = {
  path: 'cust/query/list',
  rowKey: 'id',
  columns: [
    { key: 'name', title: '姓名', width: 110 },
    { key: 'idType', title: '证件类型', width: 170, enum: 'idType' },
    { key: 'idNumber', title: '证件号码', width: 190, render: (row) => maskIdNumber(row.idNumber) },
    { key: 'phone', title: '手机号', width: 130 },
    { key: 'entName', title: '所属企业', width: 220, longText: true },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true },
  ],
  searchFields: [
    { name: 'name', label: '姓名', type: 'text' },
    { name: 'phone', label: '手机号', type: 'text' },
    { name: 'idNumber', label: '证件号码', type: 'text' },
  ],
};

type Parsed = { fileName: string; rows: PreviewRow[] } | { fileName: string; problem: string } | null;

async function readWorkbook(file: File): Promise<Parsed> {
  const XLSX = await loadXlsx();
  const records = parseWorkbook(XLSX, await file.arrayBuffer());
  if (!headerMatches(records[0])) return { fileName: file.name, problem: IMPORT_MESSAGES.header };
  if (records.length === 0) return { fileName: file.name, problem: IMPORT_MESSAGES.empty };
  if (records.length > IMPORT_MAX_ROWS) return { fileName: file.name, problem: IMPORT_MESSAGES.tooMany };
  return { fileName: file.name, rows: previewRows(records) };
}

function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  return (
    <div style={{ maxHeight: 420, overflow: 'auto', border: '1px solid rgba(17,20,24,.15)' }}>
      <HTMLTable compact striped style={{ width: '100%' }} data-testid="cust-import-preview">
        <thead>
          <tr>
            <th>行号</th>
            <th>姓名</th>
            <th>证件类型</th>
            <th>证件号码</th>
            <th>手机号</th>
            <th>银行卡号</th>
            <th>备注</th>
            <th>校验结果</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.rowNo} data-error={r.error ? 'true' : undefined} style={r.error ? { background: 'rgba(245,108,108,.15)' } : undefined}>
              <td>{r.rowNo}</td>
              <td>{r.name}</td>
              <td>{r.idTypeLabel}</td>
              <td>{r.idNumber}</td>
              <td>{r.phone}</td>
              <td>{r.bankCard}</td>
              <td>{r.remark}</td>
              <td>
                {r.error ? (
                  <span style={{ color: '#f56c6c' }}>{r.error}</span>
                ) : (
                  <Tag minimal intent={Intent.SUCCESS}>
                    通过
                  </Tag>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** /cust/import 人才导入: choose an enterprise (SYS, SPR), preview the workbook, import, list. */
export function CustImportPage() {
  const session = useSession();
  const picksEnt = session?.accountType === 'SYS' || session?.accountType === 'SPR';
  const [ents, setEnts] = useState<EntOption[]>([]);
  const [entId, setEntId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<Parsed>(null);
  const [reading, setReading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [reloadSignal, setReloadSignal] = useState(0);

  useEffect(() => {
    if (!picksEnt) return;
    let alive = true;
    request<EntOption[]>('ent/query/querySimple').then(
      (list) => alive && setEnts(list ?? []),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [picksEnt]);

  const choose = (next: File | null) => {
    setFile(next);
    setParsed(null);
    if (!next) return;
    setReading(true);
    readWorkbook(next)
      .catch(() => ({ fileName: next.name, problem: '文件解析失败，请确认是有效的 Excel 文件' }))
      .then((result) => setParsed(result))
      .finally(() => setReading(false));
  };

  const rows = parsed && 'rows' in parsed ? parsed.rows : [];
  const errorCount = useMemo(() => rows.filter((r) => r.error).length, [rows]);
  const needsEnt = picksEnt && entId === '';
  const canImport = rows.length > 0 && errorCount === 0 && !needsEnt && !importing && !reading;

  const submit = async () => {
    setImporting(true);
    try {
      const body = { ...(picksEnt ? { entId: Number(entId) } : {}), rows: importPayload(rows) };
      const result = await request<{ imported: number }>('cust/mgr/import', body, { showLoading: true });
      showSuccess(IMPORT_MESSAGES.success(result.imported));
      setFile(null);
      setParsed(null);
      setReloadSignal((n) => n + 1);
    } catch {
      // The request layer showed the server's message (e.g. 第3行：证件号码已存在).
    } finally {
      setImporting(false);
    }
  };

  return (
    <div data-testid="cust-import-page" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <H5>导入人才</H5>
        {picksEnt && (
          <FormGroup inline label="所属企业" labelFor="cust-import-ent" labelInfo="*">
            <HTMLSelect
              id="cust-import-ent"
              value={entId}
              style={{ minWidth: 280 }}
              options={[{ value: '', label: '请选择企业' }, ...ents.map((e) => ({ value: String(e.id), label: e.entName }))]}
              onChange={(e) => setEntId(e.currentTarget.value)}
            />
          </FormGroup>
        )}
        <FormGroup inline label="Excel 文件" labelInfo="*">
          <ExcelUpload value={file} onChange={choose} templateKey="custImport" disabled={importing} />
        </FormGroup>
        {reading && <div className={Classes.TEXT_MUTED}>正在读取文件...</div>}
        {parsed && 'problem' in parsed && (
          <Callout intent={Intent.DANGER} style={{ marginBottom: 12 }}>
            {parsed.problem}
          </Callout>
        )}
        {rows.length > 0 && (
          <>
            <div style={{ margin: '8px 0' }} data-testid="cust-import-summary">
              共 {rows.length} 条
              {errorCount > 0 ? <span style={{ color: '#f56c6c' }}>，其中 {errorCount} 条有误，请修改文件后重新选择</span> : '，全部通过校验'}
            </div>
            <PreviewTable rows={rows} />
          </>
        )}
        <div style={{ marginTop: 12, display: 'flex', gap: 8, alignItems: 'center' }}>
          <Button intent={Intent.PRIMARY} icon="import" text="确认导入" disabled={!canImport} loading={importing} onClick={() => void submit()} />
          {needsEnt && rows.length > 0 && <span className={Classes.TEXT_MUTED}>请选择企业</span>}
        </div>
      </Card>
      <Card>
        <H5>人才列表</H5>
        <TableView list={CUST_LIST} reloadSignal={reloadSignal} />
      </Card>
    </div>
  );
}
