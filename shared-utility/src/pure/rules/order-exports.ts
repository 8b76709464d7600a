/**
 * Order export modes 20/30/40 (spec §3; DOMAIN.md §4 "Exports"), declared once for the screen's buttons and
 * the server's sheets: the title, the button, who may, the fields a file carries whole (issue 22 item 6,
 * audited as exportWhole), and each sheet's header and rows from the lines the server read.
 * - 20 完工证明: the success lines, the ID number masked (it goes to the enterprise and the worker);
 * - 30 税务申报: per enterprise × person × month, Σ payee of success lines;
 * - 40 人工代发: the submitted lines of manual-channel orders (0/99) to pay by hand.
 */
import type { AccountType } from '../enums';
import { maskPersonal } from '../masking';
import { formatFen } from '../money';

export interface OrderExportMode {
  mode: 20 | 30 | 40;
  title: string;
  button: string;
  for: AccountType[];
  /** Lines read: success (20) or the manual channels' submitted ones (10). */
  manual?: boolean;
  whole?: Array<'idNumber' | 'account'>;
}

export const ORDER_EXPORT_MODES: Record<20 | 30 | 40, OrderExportMode> = {
  20: { mode: 20, title: '完工证明', button: '导出完工证明', for: ['ENT', 'SPR', 'SYS'] },
  30: { mode: 30, title: '税务申报', button: '导出税务申报', for: ['SPR', 'SYS'], whole: ['idNumber'] },
  40: { mode: 40, title: '人工代发', button: '导出人工代付表', for: ['SPR', 'SYS'], manual: true, whole: ['idNumber', 'account'] },
};

/** The mode of a number, if it is one of the declared ones. */
export const orderExportMode = (mode: unknown): OrderExportMode | undefined => ORDER_EXPORT_MODES[Number(mode) as 20 | 30 | 40];

/** A line as an export reads it (order_detail with its enterprise's name). */
export interface ExportLine {
  entId: number;
  entName: string;
  orderNo: string;
  rowNo: number;
  serialNo: string;
  name: string;
  idType: number;
  idNumber: string;
  account: string;
  bankName: string | null;
  amountFen: number;
  payeeFen: number;
  month: string;
  /** 完成时间 as the wire shows it. */
  resultAt: string | null;
}

/** A mode's sheet: the header row, then its rows. */
export function orderExportSheet(mode: number, lines: readonly ExportLine[]): unknown[][] {
  if (mode === 20)
    return [['企业', '订单编号', '行号', '姓名', '证件号码', '金额(元)', '实发金额(元)', '完成时间'], ...lines.map((l) => [l.entName, l.orderNo, l.rowNo, l.name, maskPersonal('idNumber', l.idNumber), formatFen(Number(l.amountFen)), formatFen(Number(l.payeeFen)), l.resultAt])];
  if (mode === 40) return [['订单编号', '行号', '姓名', '证件号码', '收款账号', '开户行', '实发金额(元)', '流水号'], ...lines.map((l) => [l.orderNo, l.rowNo, l.name, l.idNumber, l.account, l.bankName ?? '', formatFen(Number(l.payeeFen)), l.serialNo])];
  const byPerson = new Map<string, { name: string; idType: number; idNumber: string; month: string; entName: string; count: number; payee: number }>();
  for (const l of lines) {
    const key = `${l.entId}|${l.idType}|${l.idNumber}|${l.month}`;
    const v = byPerson.get(key) ?? { name: l.name, idType: l.idType, idNumber: l.idNumber, month: l.month, entName: l.entName, count: 0, payee: 0 };
    v.count += 1;
    v.payee += Number(l.payeeFen);
    byPerson.set(key, v);
  }
  return [['所属月份', '企业', '姓名', '证件类型', '证件号码', '笔数', '实发合计(元)'], ...[...byPerson.values()].map((v) => [v.month, v.entName, v.name, v.idType, v.idNumber, v.count, formatFen(v.payee)])];
}
