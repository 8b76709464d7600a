import { PERMISSION_BY_CODE } from '../../src/pure/permissions';
import {
  checkManualDetailUpdate,
  checkPayoutHeader,
  checkPayoutRow,
  parsePayoutAmount,
  PAYOUT_HEADERS,
  PAYOUT_MESSAGES as M,
  type PayoutRow,
  type PayoutRowFacts,
  transitionTables,
} from '../../src/pure/rules/order-checks';

describe('Excel template', () => {
  it('accepts the header row as is, trimmed, with full-width brackets or trailing blank cells', () => {
    expect(checkPayoutHeader([...PAYOUT_HEADERS])).toBeNull();
    expect(checkPayoutHeader(['姓名* ', '证件类型', '证件号码*', '手机号', '收款账号*', '开户行', '金额（元）*', '备注', '', null])).toBeNull();
  });
  it.each([
    ['a missing column', PAYOUT_HEADERS.slice(0, 7)],
    ['columns swapped', ['证件类型', '姓名*', ...PAYOUT_HEADERS.slice(2)]],
    ['an extra column', [...PAYOUT_HEADERS, '部门']],
    ['the talent import header', ['姓名', '证件类型', '证件号码', '手机号', '银行卡号', '开户银行', '备注']],
  ])('refuses %s: 模板表头不正确', (_, cells) => {
    expect(checkPayoutHeader(cells)).toBe('模板表头不正确');
  });

  it.each([
    ['1234.56', 123456],
    [1234.5, 123450],
    [' 0.01 ', 1],
    ['0', null],
    ['-1', null],
    ['1.234', null],
    ['abc', null],
    [null, null],
  ])('amount %p → %p fen', (value, fen) => {
    expect(parsePayoutAmount(value)).toBe(fen);
  });
});

const row: PayoutRow = { name: '张三', idType: '111', idNumber: '11010519491231002X', account: '6222021234567890128', amount: '1000.00' };
const facts: PayoutRowFacts = {
  talent: { name: '张三', realName: 10, idPhotoFront: true, idPhotoBack: true },
  card: { validated: 1, cardType: 'DC', cardAttr: 'C' },
  coopEntStatus: 0,
  coopSupStatus: 0,
  signStatus: 20,
  taxRegStatus: 0,
  ent: { requireIdPhoto: true, requireSign: true, requireTaxReg: false, calcMode: 0 },
  payeeFen: null,
  packageTaker: null,
  limits: { singleFen: 5_000_000, monthlyFen: 10_000_000 },
  monthUsedFen: 0,
  earlierRowsFen: 0,
};
const strict = { ...facts.ent, requireTaxReg: true };

describe('payout row checks (DOMAIN §4 table)', () => {
  it('a row passing every gate has type 0 and no message', () => {
    expect(checkPayoutRow(row, facts)).toEqual({ errorType: 0, errorMsg: null });
    expect(checkPayoutRow({ ...row, idType: '' }, { ...facts, card: null, talent: { ...facts.talent!, name: ' 张三 ' } })).toEqual({ errorType: 0, errorMsg: null });
  });

  it.each<[string, Partial<PayoutRow>, Partial<PayoutRowFacts>, number, string]>([
    ['no name', { name: ' ' }, {}, 10, M.nameRequired],
    ['unknown ID type', { idType: '999' }, {}, 10, M.idType],
    ['no ID number', { idNumber: '' }, {}, 10, M.idNumberRequired],
    ['no account', { account: undefined }, {}, 10, M.accountRequired],
    ['no amount', { amount: '' }, {}, 10, M.amountRequired],
    ['bad 111 checksum', { idNumber: '110105194912310021' }, {}, 10, M.residentId],
    ['amount 0', { amount: '0' }, {}, 10, M.amount],
    ['amount with 3 decimals', { amount: '1.005' }, {}, 10, M.amount],
    ['account of 9 digits', { account: '123456789' }, {}, 10, '银行卡只能为10-30位数字'],
    ['account with a letter', { account: '62220212345678901X' }, {}, 10, '银行卡只能为10-30位数字'],
    ['name ≠ talent', { name: '李四' }, {}, 10, '姓名与人才档案不一致'],
    ['card validated 2', {}, { card: { validated: 2, cardType: 'DC', cardAttr: 'C' } }, 10, '银行卡校验错误'],
    ['credit card', {}, { card: { validated: 1, cardType: 'CC', cardAttr: 'C' } }, 10, '不支持向该类账户付款'],
    ['semi-credit card', {}, { card: { validated: 0, cardType: 'SCC', cardAttr: 'C' } }, 10, '不支持向该类账户付款'],
    ['corporate account', {}, { card: { validated: 0, cardType: 'DC', cardAttr: 'B' } }, 10, '不支持向该类账户付款'],
    ['inner payee 0', {}, { ent: { ...facts.ent, calcMode: 1 }, payeeFen: 0 }, 10, '实发金额必须大于0'],
    ['not a package taker', {}, { packageTaker: false }, 10, '该人才未承接该任务包'],
    ['no talent', {}, { talent: null }, 50, '未实名'],
    ['real-name 0', {}, { talent: { ...facts.talent!, realName: 0 } }, 50, '未实名'],
    ['real-name 20', {}, { talent: { ...facts.talent!, realName: 20 } }, 60, '实名认证失败'],
    ['ID back missing', {}, { talent: { ...facts.talent!, idPhotoBack: false } }, 70, '缺少身份证照片'],
    ['ID front missing', {}, { talent: { ...facts.talent!, idPhotoFront: false } }, 70, '缺少身份证照片'],
    ['no custCoopEnt', {}, { coopEntStatus: null }, 80, '未关联企业'],
    ['custCoopEnt suspended', {}, { coopEntStatus: 1 }, 90, '与企业合作已暂停'],
    ['sign 0', {}, { signStatus: 0 }, 100, '未签约'],
    ['sign 10', {}, { signStatus: 10 }, 100, '未签约'],
    ['sign 30', {}, { signStatus: 30 }, 110, '签约失败或已过期'],
    ['sign 40', {}, { signStatus: 40 }, 110, '签约失败或已过期'],
    ['taxReg 0 when required', {}, { ent: strict, taxRegStatus: 0 }, 120, M.notTaxRegistered],
    ['taxReg 10 when required', {}, { ent: strict, taxRegStatus: 10 }, 120, M.notTaxRegistered],
    ['taxReg 30 when required', {}, { ent: strict, taxRegStatus: 30 }, 130, M.taxRegFailed],
    ['taxReg 40 when required', {}, { ent: strict, taxRegStatus: 40 }, 130, M.taxRegFailed],
    ['no custCoopSup', {}, { coopSupStatus: null }, 140, M.noCoopSup],
    ['custCoopSup suspended', {}, { coopSupStatus: 1 }, 150, M.coopSupSuspended],
    ['over the single limit', { amount: '50000.01' }, {}, 200, '超出单笔限额50000.00元'],
    ['over the monthly limit', { amount: '1000.00' }, { monthUsedFen: 9_000_000, earlierRowsFen: 900_001 }, 200, '超出本月个人限额100000.00元'],
  ])('%s', (_, rowChange, factChange, errorType, errorMsg) => {
    expect(checkPayoutRow({ ...row, ...rowChange }, { ...facts, ...factChange })).toEqual({ errorType, errorMsg });
  });

  it('switches off: no ID photo, sign or tax registration needed; no limits; inner payee not yet priced', () => {
    const relaxed: PayoutRowFacts = {
      ...facts,
      talent: { ...facts.talent!, idPhotoFront: false },
      signStatus: 30,
      taxRegStatus: 30,
      ent: { requireIdPhoto: false, requireSign: false, requireTaxReg: false, calcMode: 1 },
      limits: null,
      monthUsedFen: 1e12,
    };
    expect(checkPayoutRow({ ...row, amount: '99999999.99' }, relaxed)).toEqual({ errorType: 0, errorMsg: null });
  });

  it('limits are inclusive: exactly the single and the monthly limit pass', () => {
    expect(checkPayoutRow({ ...row, amount: '50000.00' }, facts).errorType).toBe(0);
    expect(checkPayoutRow(row, { ...facts, monthUsedFen: 8_000_000, earlierRowsFen: 1_900_000 }).errorType).toBe(0);
  });

  it('the first failure wins, in table order', () => {
    const everythingWrong: PayoutRowFacts = { ...facts, talent: null, coopEntStatus: null, coopSupStatus: null, signStatus: 0, packageTaker: false };
    expect(checkPayoutRow(row, everythingWrong).errorType).toBe(10);
    expect(checkPayoutRow(row, { ...everythingWrong, packageTaker: true }).errorType).toBe(50);
    expect(checkPayoutRow(row, { ...facts, coopEntStatus: 1, signStatus: 0, coopSupStatus: null }).errorType).toBe(90);
    expect(checkPayoutRow({ ...row, name: '', amount: 'x' }, facts).errorMsg).toBe(M.nameRequired);
  });

  it('N row errors block submit', () => {
    expect(M.rowErrors(3)).toBe('存在3条异常明细，请修改或删除后再提交');
  });
});

describe('manual detail status', () => {
  it('only manual channels 0/99, lines in 10, orders in 52/60', () => {
    expect(checkManualDetailUpdate(0, 52, 10)).toBeNull();
    expect(checkManualDetailUpdate(99, 60, 10)).toBeNull();
    expect(checkManualDetailUpdate(1, 60, 10)).toBe('仅人工通道可手工更新明细状态');
    expect(checkManualDetailUpdate(0, 50, 10)).toBe('仅人工通道可手工更新明细状态');
    expect(checkManualDetailUpdate(0, 60, 20)).toBe('仅人工通道可手工更新明细状态');
  });
});

describe('transition tables (DOMAIN §4)', () => {
  type Edge = string;
  /** Every edge as "from→to who", people's edges with their code's key, system edges as `system`. */
  function edges(table: (typeof transitionTables)[keyof typeof transitionTables]): Edge[] {
    const people = Object.values(table.transitions).flatMap((t) =>
      (t.from.length ? t.from : ['']).map((from) => `${from}→${t.to} ${[...t.for].sort().join(',')} ${PERMISSION_BY_CODE.get(t.code)?.key}`),
    );
    const system = table.system.flatMap((t) => t.from.map((from) => `${from}→${t.to} system`));
    return [...people, ...system];
  }

  it('temp order: every DOMAIN row, with the project codes', () => {
    expect(edges(transitionTables.tempOrder).sort()).toEqual(
      [
        '→0 ENT,SYS ACT_TEMP_ORDER_MGR',
        '0→10 ENT,SYS ACT_TEMP_ORDER_MGR',
        '0→20 ENT,SYS ACT_TEMP_ORDER_MGR',
        '21→20 ENT,SYS ACT_TEMP_ORDER_MGR',
        '20→10 SPR,SYS ACT_TEMP_ORDER_REVIEW',
        '20→21 SPR,SYS ACT_TEMP_ORDER_REVIEW',
        '10→30 ENT,SYS ACT_TEMP_ORDER_MGR',
        // Issue 21 item 2: an open-API temp order is closed, never edited (refused on people's ones).
        '10→40 ENT,SYS ACT_TEMP_ORDER_MGR',
        '21→40 ENT,SYS ACT_TEMP_ORDER_MGR',
      ].sort(),
    );
    expect(transitionTables.tempOrder.transitions.reject.fields?.reason.required).toBe(true);
  });

  it('order: every DOMAIN row, with the project codes', () => {
    expect(edges(transitionTables.order).sort()).toEqual(
      [
        '→0 ENT,SYS ACT_TEMP_ORDER_MGR',
        '0→10 system',
        '10→12 system',
        '12→10 ENT,SYS ACT_TEMP_ORDER_MGR',
        '12→64 ENT,SYS ACT_TEMP_ORDER_MGR',
        '10→20 system',
        '10→50 system',
        '20→22 SPR,SYS ACT_TEMP_ORDER_REVIEW',
        '22→50 SPR,SYS ACT_TEMP_ORDER_REVIEW',
        '22→24 SPR,SYS ACT_TEMP_ORDER_REVIEW',
        '50→52 system',
        '50→54 system',
        '54→50 SPR,SYS ACT_TEMP_ORDER_MGR',
        '54→64 ENT,SPR,SYS ACT_TEMP_ORDER_MGR',
        '52→60 system',
        '52→60 SPR,SYS ACT_ORDER_DETAIL_STATUS',
        '60→62 system',
        '60→162 system',
        '60→64 system',
      ].sort(),
    );
  });

  it('order details: 0→10 accepted, 10→20/30 by channel or by hand, 0→50 when the order closes', () => {
    expect(edges(transitionTables.orderDetail).sort()).toEqual(
      [
        '0→10 system',
        '10→20 system',
        '10→30 system',
        '0→50 system',
        '10→20 SPR,SYS ACT_ORDER_DETAIL_STATUS',
        '10→30 SPR,SYS ACT_ORDER_DETAIL_STATUS',
      ].sort(),
    );
  });

  it.each(Object.entries(transitionTables))('%s: end states have no way out and every state is reachable', (_, table) => {
    const all = [...Object.values(table.transitions), ...table.system];
    expect(all.filter((t) => t.from.some((from) => table.end.includes(Number(from))))).toEqual([]);
    const reachable = new Set<number>(all.filter((t) => t.from.length === 0).map((t) => Number(t.to)));
    if (reachable.size === 0) reachable.add(0); // details are born in 0 with their order
    for (let size = -1; size !== reachable.size; ) {
      size = reachable.size;
      for (const t of all) if (t.from.some((from) => reachable.has(Number(from)))) reachable.add(Number(t.to));
    }
    for (const end of table.end) expect(reachable).toContain(end);
  });
});
