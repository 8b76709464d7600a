import { useEffect } from 'react';
import { checkCustImportRows, cust, CUST_IMPORT_MAX_ROWS, custImport, download } from '@flexpay/shared-utility';
import { custom, defineScreen, detail, EntityScreenView, excelImport, importSheet, SubTableDrawer, template } from '@flexpay/shared-utility/kit';

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

/** Downloads one import's result workbook (one line per row with its outcome) when opened. */
function ResultDownload({ id, close }: { id: number; close: () => void }) {
  useEffect(() => {
    void download('cust/mgr/importDFile', { id, kind: 'result' }).finally(close);
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** 导入记录: each import with its counts; 下载结果 one line per row with its outcome. */
export const IMPORT_HISTORY = defineScreen(custImport, {
  list: ['importNo', 'entId', 'fileName', 'total', 'successCount', 'failCount', 'operatorName', 'createdAt'],
  search: ['importNo'],
  filterDialog: ['entId', 'createdAt'],
  actions: [custom({ key: 'result', label: '下载结果', scope: 'row', render: ({ row, close }) => <ResultDownload id={Number(row.id)} close={close} /> })],
});

export default defineScreen(cust, {
  list: ['name', 'idType', 'idNumber', 'phone', 'entId', 'createdAt'],
  search: ['name', 'phone', 'idNumber'],
  filterDialog: ['entId', 'createdAt'],
  actions: [
    detail(),
    template(CUST_SHEET),
    // SYS and SPR name the enterprise the talents join; an enterprise imports into itself.
    excelImport({ path: 'cust/mgr/import', sheet: CUST_SHEET, label: '导入人才', fields: ['entId'], fieldsFor: { entId: ['SYS', 'SPR'] } }),
    custom({ key: 'history', label: '导入记录', scope: 'toolbar', codes: [20120], render: ({ close }) => (
      <SubTableDrawer title="导入记录" onClose={close}>
        <EntityScreenView screen={IMPORT_HISTORY} urlState={false} />
      </SubTableDrawer>
    ) }),
  ],
});
