import { formatMoney, type Row } from '@flexpay/shared-utility';
import type { TextViewOptions } from '@flexpay/shared-utility/kit';

/**
 * 计费区间 as the kit's text view shows it: a table of the line's bands — the range in 元 (the last
 * open-ended), its ratio and the part of the amount it priced — then the line's fee.
 */
export const BANDS_TABLE: NonNullable<TextViewOptions['table']> = {
  items: (row) => (Array.isArray(row.bands) ? (row.bands as Row[]) : []),
  columns: [
    { title: '区间(元)', value: (band) => `${formatMoney(band.from ?? 0)} ~ ${band.to ? formatMoney(band.to) : '∞'}` },
    { title: '费率(%)', value: (band) => String(band.ratio ?? '-'), numeric: true },
    { title: '计费金额(元)', value: (band) => formatMoney(band.portion) || '-', numeric: true },
  ],
  empty: '未设置',
};

export const bandsFee = (row: Row): string => `服务费：${formatMoney(row.entFee) || '-'} 元`;
