import { applicationAmounts, issueRefusal, kindAllowed, readInvoiceMarks } from '../../src/pure/rules/invoice-apply';
import { defaultInvoiceKind } from '../../src/pure/entities/invoice';
import { applicationKind } from '../../src/pure/rules/invoice-kind';
import { forAll } from './prng';

describe('invoice application rules (DOMAIN.md §5)', () => {
  it('the DOMAIN example: orders paying 1 000.00 and 314.81 at 6 % → 1 314.81, tax 74.42, excl 1 240.39', () => {
    expect(applicationAmounts([100_000, 31_481], 60_000)).toEqual({ totalFen: 131_481, taxFen: 7_442, exclFen: 124_039 });
  });

  it('property: the tax of the summed orders is the exact rational total·rate/(100 + rate) rounded half up', () => {
    forAll(
      1000,
      (rng) => ({ orders: Array.from({ length: rng.int(1, 12) }, () => rng.int(1, 500_000_000)), rate: rng.pick([0, 10_000, 30_000, 60_000, 90_000, 130_000, rng.int(0, 1_000_000)]) }),
      ({ orders, rate }) => {
        const { totalFen, taxFen, exclFen } = applicationAmounts(orders, rate);
        // Independently: tax = floor((2·total·rate + den) / (2·den)) with den = 100·10⁴ + rate (half up).
        const total = orders.reduce((s, o) => s + BigInt(o), 0n);
        const den = 1_000_000n + BigInt(rate);
        const expected = (2n * total * BigInt(rate) + den) / (2n * den);
        expect([BigInt(totalFen), BigInt(taxFen), BigInt(exclFen)]).toEqual([total, expected, total - expected]);
      },
    );
  });

  it('issue needs normal files adding up to the total, and express on paper', () => {
    const app = { amountFen: 10_000, medium: 1 };
    expect(issueRefusal(app, [])).toBe('发票金额合计与申请金额不一致');
    expect(issueRefusal(app, [{ totalFen: 6_000, status: 0 }, { totalFen: 4_000, status: 10 }])).toBe('发票金额合计与申请金额不一致');
    expect(issueRefusal(app, [{ totalFen: 6_000, status: 0 }, { totalFen: 4_000, status: 0 }])).toBeNull();
    const paper = { ...app, medium: 0 };
    expect(issueRefusal(paper, [{ totalFen: 10_000, status: 0 }])).toBe('纸质发票请先填写快递信息');
    expect(issueRefusal({ ...paper, expressCompany: 'SF', expressNo: 'SF123456' }, [{ totalFen: 10_000, status: 0 }])).toBeNull();
    // As stored: PostgreSQL may answer a number column as text.
    expect(issueRefusal({ amountFen: '10000', medium: '1' }, [{ totalFen: '10000', status: '0' }])).toBeNull();
  });

  it('kinds: the information’s kind, or either for 4', () => {
    expect([kindAllowed(4, 1), kindAllowed(4, 2), kindAllowed(1, 2), kindAllowed(2, 2), kindAllowed(4, 4)]).toEqual([true, true, false, true, false]);
  });

  it('kind and medium of an application: asked, else the information’s (4 asks 普票), checked against it', () => {
    const special = { invoiceKind: 1, medium: 0, address: '北京', phone: '010-1', bankName: '银行', bankAccount: '6222' };
    expect(applicationKind(null, {})).toBe('请先维护开票信息');
    expect(applicationKind(special, {})).toEqual({ invoiceKind: 1, medium: 0 });
    expect(applicationKind({ invoiceKind: 4, medium: 1 }, {})).toEqual({ invoiceKind: 2, medium: 1 });
    expect(applicationKind({ invoiceKind: 4, medium: 1 }, { invoiceKind: 1 })).toBe('专票需完整开票信息');
    expect(applicationKind(special, { invoiceKind: 2 })).toBe('开票信息不支持该发票种类');
    expect(applicationKind(special, { invoiceKind: 4 })).toBe('开票信息不支持该发票种类');
    expect(applicationKind(special, { medium: 3 })).toBe('发票介质格式错误');
    expect(applicationKind({ invoiceKind: 2, medium: 1 }, { invoiceKind: '2', medium: '0' })).toEqual({ invoiceKind: 2, medium: 0 });
    expect([defaultInvoiceKind(4), defaultInvoiceKind(1), defaultInvoiceKind(2)]).toEqual([2, 1, 2]);
  });

  it('the simulated OCR reads the marks of an invoice’s text, and nothing without them', () => {
    expect(readInvoiceMarks('(InvoiceNo: 26112000000000004321 Date: 2026-11-20 Total: 1314.81 Tax: 74.42) Tj')).toEqual({
      invoiceNo: '26112000000000004321',
      invoiceCode: null,
      invoiceDate: '2026-11-20',
      total: '1314.81',
      tax: '74.42',
    });
    expect(readInvoiceMarks('InvoiceNo: 12345678 InvoiceCode: 044031900111 Date: 2026-01-02 Total: 1.00 Tax: 0.06')?.invoiceCode).toBe('044031900111');
    expect(readInvoiceMarks('InvoiceNo: 12345678 Date: 2026-01-02 Total: 1.00')).toBeNull();
    expect(readInvoiceMarks('\x89PNG binary')).toBeNull();
  });
});
