import type { Row } from '@flexpay/shared-utility';

interface Band {
  from?: string;
  to?: string | null;
  ratio?: string;
  portion?: string;
}

/**
 * 计费区间 as the kit's text view shows it: one line per band — its range in 元 (the last open-ended),
 * its ratio and the part of the amount it priced — then the line's fee.
 */
export function bandsText(row: Row): string {
  const bands = Array.isArray(row.bands) ? (row.bands as Band[]) : [];
  const lines = bands.map((b) => `${b.from ?? '0.00'} ~ ${b.to || '∞'} 元　费率 ${b.ratio ?? '-'}%　计费金额 ${b.portion ?? '-'} 元`);
  return [...(lines.length ? lines : ['未设置']), `服务费：${String(row.entFee ?? '-')} 元`].join('\n');
}
