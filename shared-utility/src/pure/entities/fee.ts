/**
 * Fees (DOMAIN.md §2, spec §2 /merchant fee menus and /ent/feeConfig, /ent/feeStats): an enterprise's
 * price and a merchant's cost (底价), priced by the engine in rules/fees.ts, and the monthly sums of
 * the calc-fee log. The stats entities read database views that group calc_fee_log by month, so the
 * kit's list, summary and export serve them unchanged.
 */
import { defineEntity } from '../entity';
import { feeConfigRefusal } from '../rules/fees';

const feeFields = {
  feePattern: { label: '计费模式', type: 'enum', enum: 'feePattern', required: true, create: true, update: true, search: 'eq', defaultValue: 0, width: 100 },
  rounding: { label: '舍入方式', type: 'enum', enum: 'rounding', required: true, create: true, update: true, defaultValue: 0, width: 100 },
  ratio: { label: '固定费率(%)', type: 'ratio', create: true, update: true, nullable: true, width: 110, formWhen: { field: 'feePattern', in: [0] } },
  ladder: { label: '费率阶梯', type: 'ladder', create: true, update: true, nullable: true, width: 240, formWhen: { field: 'feePattern', in: [1, 2] } },
} as const;
const updatedAt = { label: '更新时间', type: 'datetime', sort: true, width: 170 } as const;
const month = { label: '月份', type: 'text', input: 'month', search: 'range', sort: true, width: 90 } as const;
const lineCount = { label: '计费笔数', type: 'int', width: 90 } as const;
const ABOVE_ENT = ['SYS', 'SPR', 'MER'] as const;
const amount = { label: '代发金额(元)', type: 'money', column: 'amountFen', sort: true, width: 140 } as const;

/** The price an enterprise pays; calcMode must match its effective original contract. */
export const entFeeConfig = defineEntity({
  name: 'entFeeConfig',
  table: 'ent_fee_config',
  key: 'entId',
  labelField: 'entId',
  title: '企业费率',
  paths: { query: 'ent/query/feeConfig', mgr: 'ent/mgr/feeConfig' },
  codes: { query: 18410, mgr: 18420 },
  fields: {
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 240 },
    merchtId: { label: '所属商户', type: 'ref', ref: 'merchant', show: 'merchtName', search: 'eq', width: 220 },
    feePattern: feeFields.feePattern,
    calcMode: { label: '计费方式', type: 'enum', enum: 'feeCalcMode', required: true, create: true, update: true, search: 'eq', defaultValue: 0, width: 90 },
    rounding: feeFields.rounding,
    ratio: feeFields.ratio,
    ladder: feeFields.ladder,
    updatedAt,
  },
  // The config as the fee engine reads it (the same refusal as the browser's ladder editor).
  checks: [feeConfigRefusal],
});

/** A merchant's cost, set by SYS/SPR or, for a sub-merchant, by its parent. */
export const merchtFeeConfig = defineEntity({
  name: 'merchtFeeConfig',
  table: 'mercht_fee_config',
  key: 'merchtId',
  labelField: 'merchtId',
  title: '商户费率',
  paths: { query: 'mercht/query/feeConfig', mgr: 'mercht/mgr/feeConfig' },
  codes: { query: 16510, mgr: 16520 },
  fields: {
    merchtId: { label: '商户', type: 'ref', ref: 'merchant', show: 'merchtName', required: true, create: true, search: 'eq', width: 240 },
    ...feeFields,
    updatedAt,
  },
  // The config as the fee engine reads it (the same refusal as the browser's ladder editor).
  checks: [feeConfigRefusal],
});

/** One enterprise's month: Σ of its calc-fee rows (reversals are negated rows, so sums net them out). */
export const entFeeStats = defineEntity({
  name: 'entFeeStats',
  table: 'ent_fee_month',
  key: 'statKey',
  labelField: 'month',
  title: '企业按月统计',
  paths: { query: 'ent/query/feeStats', mgr: 'ent/mgr/feeStats' },
  codes: { query: 18430 },
  timestamps: false,
  fields: {
    statKey: { label: '统计键', type: 'text', list: false, detail: false },
    month,
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', search: 'eq', width: 240 },
    lineCount,
    amount,
    entFee: { label: '企业服务费(元)', type: 'money', column: 'entFeeFen', sort: true, width: 140 },
    // Not an enterprise's to read: they would tell it its merchant's cost.
    merchtProfit: { label: '商户分润(元)', type: 'money', column: 'merchtProfitFen', width: 130, for: ABOVE_ENT },
    parentProfit: { label: '上级商户分润(元)', type: 'money', column: 'parentProfitFen', width: 150, for: ABOVE_ENT },
    supIncome: { label: '供应商收入(元)', type: 'money', column: 'supIncomeFen', width: 140, for: ABOVE_ENT },
  },
});

/**
 * One merchant's month: as the enterprise's merchant it earns entFee − its cost; as a parent it earns
 * its sub's cost − its own. income − cost = profit on every row.
 */
export const merchtFeeStats = defineEntity({
  name: 'merchtFeeStats',
  table: 'mercht_fee_month',
  key: 'statKey',
  labelField: 'month',
  title: '商户费用统计',
  paths: { query: 'mercht/query/feeStats', mgr: 'mercht/mgr/feeStats' },
  codes: { query: 16610 },
  timestamps: false,
  fields: {
    statKey: { label: '统计键', type: 'text', list: false, detail: false },
    month,
    merchtId: { label: '商户', type: 'ref', ref: 'merchant', show: 'merchtName', search: 'eq', width: 240 },
    lineCount,
    amount,
    income: { label: '服务费收入(元)', type: 'money', column: 'incomeFen', sort: true, width: 140 },
    cost: { label: '成本(元)', type: 'money', column: 'costFen', width: 130 },
    profit: { label: '分润(元)', type: 'money', column: 'profitFen', sort: true, width: 130 },
  },
});
