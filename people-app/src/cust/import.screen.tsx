import { Button, Intent } from '@blueprintjs/core';
import { checkCustImportRows, cust, CUST_IMPORT_MAX_ROWS, custImport, download, type Row } from '@flexpay/shared-utility';
import { defineScreen, detail, listDrawer, listedActions, excelImport, importSheet, rowDownload, template } from '@flexpay/shared-utility/kit';

/** /cust/import 人才导入 (SYS, SPR, ENT): the talent list with the Excel import, its template and history. */
export const route = '/cust/import';

/**
 * The custImport sheet: the header menu's template has the same columns (CUST_IMPORT_HEADERS). The
 * preview runs the server's own row check; a person already registered is linked by the server.
 */
export const CUST_SHEET = importSheet(cust, {
  title: '人才导入模板',
  columns: ['name', 'idType', 'idNumber', 'phone', 'bankCard', { title: '开户银行', name: 'bankName' }, { title: '备注', name: 'remark' }],
  example: ['张三', '居民身份证', '11010519491231002X', '13800138000', '6222020200112233445', '中国工商银行', ''],
  maxRows: CUST_IMPORT_MAX_ROWS,
  check: (rows) => checkCustImportRows(rows).map((c) => c.error),
});

/** 文件名: the original workbook (importDFile kind=original) as a link when the server kept it (`_actions` lists `original`). */
function OriginalFile({ row }: { row: Row }) {
  const name = String(row.fileName ?? '');
  const kept = listedActions(row)?.includes('original') ?? false;
  if (!kept) return <>{name}</>;
  return (
    <Button small minimal intent={Intent.PRIMARY} icon="download" ellipsizeText title="下载原始文件" aria-label={`原始文件 ${name}`} text={name} onClick={() => void download('cust/mgr/importDFile', { id: Number(row.id), kind: 'original' })} />
  );
}

/** 导入记录: each import with its counts; the file name downloads the original file, 结果文件 one line per row with its outcome. */
export const IMPORT_HISTORY = defineScreen(custImport, {
  list: ['importNo', 'entId', 'fileName', 'total', 'successCount', 'failCount', 'operatorName', 'createdAt'],
  // An enterprise imports into itself: without the enterprise column the row fits the 900 px drawer.
  listFor: { entId: ['SYS', 'SPR'] },
  columns: {
    importNo: { width: 170 },
    entId: { width: 180 },
    fileName: { width: 170, render: (row) => <OriginalFile row={row} /> },
    total: { width: 60 },
    successCount: { width: 50 },
    failCount: { width: 50 },
    operatorName: { width: 80 },
    createdAt: { width: 150 },
  },
  search: ['importNo'],
  filterDialog: ['entId', 'createdAt'],
  // 结果文件: the import's result workbook (importDFile kind=result: one line per row with its outcome).
  actions: [rowDownload({ key: 'result', label: '结果文件', needs: 'result', path: 'cust/mgr/importDFile', query: (row) => ({ id: Number(row.id), kind: 'result' }) })],
});

export default defineScreen(cust, {
  list: ['name', 'idType', 'idNumber', 'phone', 'entId', 'createdAt'],
  search: ['name', 'phone', 'idNumber'],
  filterDialog: ['entId', 'createdAt'],
  actions: [
    detail(),
    template(CUST_SHEET),
    // SYS and SPR name the enterprise the talents join; an enterprise imports into itself.
    excelImport({ path: 'cust/mgr/import', sheet: CUST_SHEET, label: '导入人才', fields: ['entId'], fieldsFor: { entId: ['SYS', 'SPR'] }, keepFile: true }),
    listDrawer({ key: 'history', label: '导入记录', codes: [20120], screen: IMPORT_HISTORY }),
  ],
});
