/**
 * The organisations' record rules declared on their entities (`checks`, issue 23): the same refusal the
 * server kit answers (1001) and a form can show before sending.
 */
import { CONTRACT_MESSAGES, entConfig, entContract, entTaxProof, merchtContract, originalsOverlap, recordRefusal, supplier, SUPPLIER_MESSAGES } from '../../src/pure';

describe('organisation record checks', () => {
  test('a supplier: a virtual one (200) names its parent and only it does; a 300 has its tax source', () => {
    expect(recordRefusal(supplier, { merchtType: 200, parentId: null, taxSourceId: null })).toBe(SUPPLIER_MESSAGES.virtualParent);
    expect(recordRefusal(supplier, { merchtType: 200, parentId: 7, taxSourceId: null })).toBeNull();
    expect(recordRefusal(supplier, { merchtType: 100, parentId: 7, taxSourceId: null })).toBe(SUPPLIER_MESSAGES.noParent);
    expect(recordRefusal(supplier, { merchtType: 300, parentId: null, taxSourceId: null })).toBe(SUPPLIER_MESSAGES.taxSource);
    expect(recordRefusal(supplier, { merchtType: 300, parentId: null, taxSourceId: 3 })).toBeNull();
  });

  test('a contract ends on or after its start (enterprise and merchant contracts)', () => {
    for (const entity of [entContract, merchtContract]) {
      expect(recordRefusal(entity, { startDate: '2026-02-01', endDate: '2026-01-31' })).toBe(CONTRACT_MESSAGES.period);
      expect(recordRefusal(entity, { startDate: '2026-02-01', endDate: '2026-02-01' })).toBeNull();
    }
  });

  test('a supplement names its original; two originals in force share no day', () => {
    expect(recordRefusal(entContract, { category: 10, parentContractNo: null, startDate: '2026-01-01', endDate: '2026-12-31' })).toBe(CONTRACT_MESSAGES.original);
    expect(recordRefusal(entContract, { category: 10, parentContractNo: 'HT-1', startDate: '2026-01-01', endDate: '2026-12-31' })).toBeNull();
    const next = { id: 2, category: 0, status: 0, startDate: '2026-06-01', endDate: '2027-05-31' };
    expect(originalsOverlap(next, { id: 1, startDate: '2026-01-01', endDate: '2026-06-01' })).toBe(true);
    expect(originalsOverlap(next, { id: 1, startDate: '2026-01-01', endDate: '2026-05-31' })).toBe(false);
    expect(originalsOverlap(next, { id: 2, startDate: '2026-01-01', endDate: '2026-12-31' })).toBe(false);
    expect(originalsOverlap({ ...next, status: 1 }, { id: 1, startDate: '2026-01-01', endDate: '2026-12-31' })).toBe(false);
    expect(originalsOverlap({ ...next, category: 10 }, { id: 1, startDate: '2026-01-01', endDate: '2026-12-31' })).toBe(false);
  });

  test('custom limits (1) need both amounts; the other limit types none', () => {
    const message = '自定义限额须填写单笔限额和个人月限额';
    expect(recordRefusal(entConfig, { limitType: 1, singleLimit: 100, monthlyLimit: null })).toBe(message);
    expect(recordRefusal(entConfig, { limitType: 1, monthlyLimit: 100 })).toBe(message);
    expect(recordRefusal(entConfig, { limitType: 1, singleLimit: 100, monthlyLimit: 200 })).toBeNull();
    expect(recordRefusal(entConfig, { limitType: -1, singleLimit: null, monthlyLimit: null })).toBeNull();
  });

  test('a tax-paid proof counts at least one person', () => {
    expect(recordRefusal(entTaxProof, { personCount: 0 })).toBe('完税人数须大于0');
    expect(recordRefusal(entTaxProof, { personCount: 3 })).toBeNull();
  });
});
