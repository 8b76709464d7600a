import { ENT_TODOS, formatMoney, greeting, QUEUE_TODOS, readSummary, readTodos, readTrend } from '../src/dashboard/summary';
import { ENUMS } from '@flexpay/shared-utility';

describe('dashboard summary reading', () => {
  it('reads the overview figures it knows, money with separators', () => {
    const view = readSummary({
      todayOrderCount: 12,
      todayOrderAmount: '1234567.5',
      monthPaidAmount: '15000000.00',
      monthFee: '-12.5',
      balance: '88.00',
      entCount: 3,
      custCount: 1024,
      somethingNew: 7,
    });
    expect(view.overview.map((s) => [s.key, s.text])).toEqual([
      ['todayOrderCount', '12'],
      ['todayOrderAmount', '1,234,567.50'],
      ['balance', '88.00'],
      ['entCount', '3'],
      ['custCount', '1,024'],
    ]);
    expect(view.month.map((s) => [s.label, s.text])).toEqual([
      ['本月代发', '15,000,000.00'],
      ['本月服务费', '-12.50'],
    ]);
  });

  it('drops malformed values and survives empty answers', () => {
    expect(readSummary({ todayOrderAmount: 'abc', entCount: null, balance: {} }).overview).toEqual([]);
    expect(readSummary(null)).toEqual({ overview: [], month: [] });
    expect(readTodos(null, QUEUE_TODOS)).toEqual({ total: 0, groups: [] });
    expect(readTrend({ trend: 'x' })).toEqual({ dates: [], counts: [], amounts: [], fees: [] });
  });

  it('shows only the to-dos the server counted (the caller may act on), each linking to its filtered list', () => {
    // A recharge reviewer: no temp orders, refunds, invoices or packages in its answer.
    const { total, groups } = readTodos({ todos: { total: 5, rechargeReview: 2, rechargeProcess: 2, rechargeCredit: 1 } }, QUEUE_TODOS);
    expect(total).toBe(5);
    expect(groups.map((g) => [g.title, g.total])).toEqual([['充值审核与到账', 5]]);
    expect(groups[0].parts.map((p) => [p.label, p.count, p.link])).toEqual([
      ['待审核', 2, '/ent/addBal?tab=0'],
      ['待处理', 2, '/ent/addBal?tab=10'],
      ['待确认到账', 1, '/ent/addBal?tab=20'],
    ]);
    const queue = readTodos(
      { todos: { tempReview: 3, rechargeReview: 0, refundReview: 2, refundProcess: 1, invoiceReview: 4, invoiceIssue: 4, packageReview: 4 } },
      QUEUE_TODOS,
    );
    expect(queue.groups.map((g) => g.title)).toEqual(['制单审核', '充值审核与到账', '退款', '开票', '任务包审核']);
    expect(queue.total).toBe(18);
    const ent = readTodos({ todos: { total: 2, tempRejected: 0, tempToPay: 1, rechargeRefused: 1 } }, ENT_TODOS);
    expect(ent.groups.map((g) => [g.title, g.total, g.parts[0].link])).toEqual([
      ['驳回的制单', 0, '/order/prodOrder?tab=21'],
      ['待确认支付', 1, '/order/prodOrder?tab=10'],
      ['审核失败的充值', 1, '/ent/addBal?tab=11'],
    ]);
  });

  it('reads the trend as chart series in yuan', () => {
    expect(
      readTrend({
        trend: [
          { date: '2026-11-25', count: 3, amount: '57500.00', fee: '3822.99' },
          { date: '2026-11-26', count: 0, amount: '0.00', fee: '0.00' },
        ],
      }),
    ).toEqual({ dates: ['11-25', '11-26'], counts: [3, 0], amounts: [57500, 0], fees: [3822.99, 0] });
  });

  it('formats money strings as the kit does, without floating point', () => {
    expect(formatMoney('0.1')).toBe('0.10');
    expect(formatMoney('-1000')).toBe('-1,000.00');
    expect(formatMoney('9999999999.99')).toBe('9,999,999,999.99');
    expect(formatMoney('15000000', { yuan: true })).toBe('¥15,000,000.00');
    expect(formatMoney('1.234')).toBeNull();
  });

  it('greets by the time of day', () => {
    expect(greeting(9)).toBe('上午好');
    expect(greeting(15)).toBe('下午好');
    expect(greeting(21)).toBe('晚上好');
  });
});

describe('approval queue to-dos', () => {
  it('open each list on the status they count, in the tone that status declares on its enum', () => {
    const parts = QUEUE_TODOS.flatMap((g) => g.parts).map((p) => [p.key, p.link, p.tone]);
    expect(parts).toEqual([
      ['tempReview', '/order/prodOrder?tab=20', ENUMS.tempOrderStatus.find((o) => o.value === 20)!.tone],
      ['rechargeReview', '/ent/addBal?tab=0', 'warning'],
      ['rechargeProcess', '/ent/addBal?tab=10', 'primary'],
      ['rechargeCredit', '/ent/addBal?tab=20', 'primary'],
      ['refundReview', '/ent/refund?tab=0', 'warning'],
      ['refundProcess', '/ent/refund?tab=10', 'primary'],
      ['invoiceReview', '/invoice/toMeApply/1?tab=10', 'warning'],
      ['invoiceIssue', '/invoice/toMeApply/1?tab=20', 'primary'],
      ['packageReview', '/task/userPackage1/INIT', 'warning'],
    ]);
  });

});
