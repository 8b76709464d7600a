import { checkCustImportRows, cust, CUST_IMPORT_MAX_ROWS, maskMiddle } from '@flexpay/shared-utility';
import { defineScreen, detail, excelImport, importSheet, template } from '@flexpay/shared-utility/kit';

/** /cust/import 人才导入 (SYS, SPR, ENT): the talent list with the Excel import and its template. */
export const route = '/cust/import';

/**
 * The custImport sheet: the header menu's template has the same columns (CUST_IMPORT_HEADERS); 开户银行
 * has no field on the talent yet, so it is not read. The preview runs the server's own row check.
 */
export const CUST_SHEET = importSheet(cust, {
  title: '人才导入模板',
  columns: ['name', 'idType', 'idNumber', 'phone', 'bankCard', { title: '开户银行' }, { title: '备注', name: 'remark' }],
  example: ['张三', '居民身份证', '110101199001011234', '13800138000', '6222020200112233445', '中国工商银行', ''],
  maxRows: CUST_IMPORT_MAX_ROWS,
  check: (rows) => checkCustImportRows(rows).map((c) => c.error),
});

export default defineScreen(cust, {
  list: ['name', 'idType', 'idNumber', 'phone', 'entId', 'createdAt'],
  search: ['name', 'phone', 'idNumber'],
  filterDialog: ['entId', 'createdAt'],
  // Lists show ID numbers masked; 详情 shows the whole number to whoever may read the talent.
  columns: { idNumber: { render: (row) => maskMiddle(row.idNumber as string) } },
  actions: [
    detail(),
    template(CUST_SHEET),
    // SYS and SPR name the enterprise the talents join; an enterprise imports into itself.
    excelImport({ path: 'cust/mgr/import', sheet: CUST_SHEET, label: '导入人才', fields: ['entId'], fieldsFor: { entId: ['SYS', 'SPR'] } }),
  ],
});
