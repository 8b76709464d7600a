/**
 * The organisations' record rules declared on their entities (`checks`, issue 23): the same refusal the
 * server kit answers (1001) and a form can show before sending.
 */
import { CONTRACT_PERIOD, entConfig, entContract, entTaxProof, merchtContract, recordRefusal, supplier, SUPPLIER_MESSAGES } from '../../src/pure';

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
      expect(recordRefusal(entity, { startDate: '2026-02-01', endDate: '2026-01-31' })).toBe(CONTRACT_PERIOD);
      expect(recordRefusal(entity, { startDate: '2026-02-01', endDate: '2026-02-01' })).toBeNull();
    }
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
