import { CUST_IMPORT_HEADERS, PAYOUT_HEADERS } from '@flexpay/shared-utility/src/pure';
import * as XLSX from 'xlsx';

export interface TemplateDef {
  /** Download name without extension. */
  title: string;
  sheet: string;
  headers: string[];
  /** One illustrative row so operators see the expected formats. */
  example: (string | number)[];
}

export const TEMPLATES: Record<string, TemplateDef> = {
  orderPayout: {
    title: '代发订单模板',
    sheet: '代发订单',
    // 制单 (finance-app /order/prodOrder) reads exactly these columns (DOMAIN.md §4).
    headers: [...PAYOUT_HEADERS],
    example: ['张三', '居民身份证', '110101199003076632', '13800138000', '6222020200112233445', '中国工商银行', '1000.00', '3月劳务费'],
  },
  workCertificate: {
    title: '完工证明模板',
    sheet: '完工证明',
    headers: ['订单编号', '姓名', '证件号码', '任务名称', '完工日期', '工作内容', '金额', '备注'],
    example: ['PO202603010001', '张三', '110101199001011234', '门店促销推广', '2026-03-01', '完成门店促销活动3场', '1000.00', ''],
  },
  custImport: {
    title: '人才导入模板',
    sheet: '人才导入',
    // The import screen and cust/mgr/import read exactly these columns.
    headers: [...CUST_IMPORT_HEADERS],
    example: ['张三', '居民身份证', '110101199001011234', '13800138000', '6222020200112233445', '中国工商银行', ''],
  },
};

export function buildTemplate(def: TemplateDef): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([def.headers, def.example]);
  sheet['!cols'] = def.headers.map((h) => ({ wch: Math.max(12, h.length * 2 + 4) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, def.sheet);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
