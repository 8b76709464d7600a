/** declaredDefaults (pure entity.ts): a new record's starting values are its fields' declared defaults, by field name. */
import { declaredDefaults, entConfig, taxSource } from '../../src/pure';

test('the declared defaults by field name, only the fields declaring one', () => {
  expect(declaredDefaults(entConfig)).toEqual({ limitType: 0, requireIdPhoto: 1, requireSign: 1, requireTaxReg: 0, orderReview: 0, tempOrderReview: 0 });
  expect(declaredDefaults(taxSource)).toEqual({ singleLimit: '50000.00', monthlyLimit: '100000.00', vatRate: '6.0000' });
});
