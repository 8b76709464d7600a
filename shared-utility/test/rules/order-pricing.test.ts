import { type FeeConfig } from '../../src/pure/rules/fees';
import { storedPayoutRow } from '../../src/pure/rules/order-checks';
import { feeBandsShown, feeReversal, payoutOrderOf, priceOrderLines, type PricingBasis } from '../../src/pure/rules/order-pricing';

const head = { orderNo: 'PO00000001', entId: 1, supplierId: 2, merchtId: 3, parentMerchtId: null, month: '2026-11', createdAt: 1000 };
const ratio = (r: number): FeeConfig => ({ pattern: 0, rounding: 0, ratio: r });
const basis = (): PricingBasis => ({ entFen: 0, merchantFen: 0, parentFen: 0, payeeFen: new Map() });

describe("an order's lines priced (priceOrderLines)", () => {
  it('outer mode: the fee on top of the lock, the payee the amount; the charge row names the order and splits the fee', () => {
    const [line] = priceOrderLines({ price: ratio(60_000), calcMode: 0, merchantCost: ratio(40_000), parentCost: null }, head, basis(), [{ rowNo: 1, idNumber: 'X', amountFen: 10_000 }]);
    expect(line).toMatchObject({ rowNo: 1, feeFen: 600, lockFen: 10_600, payeeFen: 10_000 });
    expect(line.charge).toMatchObject({ ...head, rowNo: 1, kind: 10, idNumber: 'X', amountFen: 10_000, entFeeFen: 600, merchtCostFen: 400, merchtProfitFen: 200, supIncomeFen: 400, basisBeforeFen: 0, parentCostFen: null });
    expect(JSON.parse(line.charge.bands)).toEqual([{ from: 0, to: 10_000, ratio: 60_000, portion: 10_000 }]);
  });

  it('a ladder prices each line on the volume of the lines before it; pattern 2 on the payee\'s own volume', () => {
    const ladder: FeeConfig = { pattern: 1, rounding: 0, ladder: [{ fenceFen: 0, ratio: 100_000 }, { fenceFen: 10_000, ratio: 50_000 }] };
    const b = basis();
    const lines = priceOrderLines({ price: ladder, calcMode: 1, merchantCost: ratio(10_000), parentCost: ratio(5_000) }, { ...head, parentMerchtId: 9 }, b, [
      { rowNo: 1, idNumber: 'A', amountFen: 10_000 },
      { rowNo: 2, idNumber: 'B', amountFen: 10_000 },
    ]);
    expect(lines.map((l) => [l.feeFen, l.lockFen, l.payeeFen, l.charge.basisBeforeFen])).toEqual([[1000, 10_000, 9000, 0], [500, 10_000, 9500, 10_000]]);
    expect(b).toMatchObject({ entFen: 20_000, merchantFen: 20_000, parentFen: 20_000 });
    const perPayee = priceOrderLines({ price: { ...ladder, pattern: 2 }, calcMode: 0, merchantCost: ratio(1), parentCost: null }, head, { ...basis(), payeeFen: new Map([['A', 10_000]]) }, [
      { rowNo: 1, idNumber: 'A', amountFen: 100 },
      { rowNo: 2, idNumber: 'B', amountFen: 100 },
    ]);
    expect(perPayee.map((l) => l.feeFen)).toEqual([5, 10]);
  });

  it('a reversal negates every amount of its charge (a parent\'s null stays null) and is kind 20', () => {
    const [line] = priceOrderLines({ price: ratio(60_000), calcMode: 0, merchantCost: ratio(40_000), parentCost: null }, head, basis(), [{ rowNo: 1, idNumber: 'X', amountFen: 10_000 }]);
    expect(feeReversal(line.charge, 2000)).toMatchObject({ kind: 20, amountFen: -10_000, entFeeFen: -600, merchtCostFen: -400, merchtProfitFen: -200, supIncomeFen: -400, parentCostFen: null, parentProfitFen: null, createdAt: 2000, rowNo: 1 });
  });
});

describe('the order a temp order makes (payoutOrderOf)', () => {
  it('totals the rows and their prices; each line is numbered <orderNo>-<rowNo>, names the effective supplier and its talent, in 0', () => {
    const rows = [3, 5].map((rowNo) => ({ ...storedPayoutRow({ name: '张三', idType: '111', idNumber: 'x1', account: '6222020000001234', amount: '100' }, rowNo), amountFen: 10_000 }));
    const priced = priceOrderLines({ price: ratio(60_000), calcMode: 0, merchantCost: ratio(40_000), parentCost: null }, head, basis(), rows);
    const made = payoutOrderOf({ orderNo: 'PO9', entId: 1, supplierId: 2, effSupplierId: 300, merchtId: 3, payChannel: 2, calcMode: 0, tempOrderNo: 'TO7', remark: null, operatorName: '张三', month: '2026-11', now: 5 }, rows, priced, [7, null]);
    expect(made.order).toMatchObject({ amountFen: 20_000, feeFen: 1200, lockFen: 21_200, detailCount: 2 });
    // The order names the enterprise's own supplier and its temp order, and is due to the worker at once.
    expect(made.order).toMatchObject({ orderNo: 'PO9', supplierId: 2, status: 0, tempOrderNo: 'TO7', operatorName: '张三', nextRunAt: 5, createdAt: 5, updatedAt: 5 });
    expect(made.lines.map((l) => [l.serialNo, l.rowNo, l.custId, l.supplierId, l.lockFen, l.payeeFen, l.status, l.idType])).toEqual([
      ['PO9-3', 3, 7, 300, 10_600, 10_000, 0, 111],
      ['PO9-5', 5, null, 300, 10_600, 10_000, 0, 111],
    ]);
  });
});

describe('计费区间 as the wire shows them (feeBandsShown)', () => {
  it('reads the bands priceOrderLines stored: money and ratio strings; none stored is none', () => {
    const [line] = priceOrderLines({ price: ratio(60_000), calcMode: 0, merchantCost: ratio(40_000), parentCost: null }, head, basis(), [{ rowNo: 1, idNumber: 'X', amountFen: 12_345 }]);
    expect(feeBandsShown(line.charge.bands)).toEqual([{ from: '0.00', to: '123.45', ratio: '6.0000', portion: '123.45' }]);
    expect(feeBandsShown(null)).toEqual([]);
  });
});
