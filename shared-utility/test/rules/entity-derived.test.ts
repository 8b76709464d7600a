import { calcFeeLog, custCoopSup, entAccount, orderDetail, refundApply } from '../../src/pure';
import { feeBandsShown } from '../../src/pure/rules/server';

// The values the server kit's show() answers beside a stored row when no resource `computed` needs the caller (issue 23).
describe('entity derive: virtual values from the stored row', () => {
  test('a channel account is named by its enterprise and channel', () => {
    expect(entAccount.derive!({ entName: '甲企业', channelName: '平安银行' })).toEqual({ accountName: '甲企业 · 平安银行' });
    expect(entAccount.derive!({})).toEqual({ accountName: ' · ' });
  });

  test("a refund's status gives the spec's handle/process pair", () => {
    expect(refundApply.derive!({ status: 0 })).toEqual({ handleStatus: 0, processStatus: 0 });
    expect(refundApply.derive!({ status: '30' })).toEqual({ handleStatus: 10, processStatus: 20 });
  });

  test('an order line names the live temp order it was remade into, else null', () => {
    expect(orderDetail.derive!({ remadeTempNo: 'T0001' })).toEqual({ remadeTempOrderNo: 'T0001' });
    expect(orderDetail.derive!({})).toEqual({ remadeTempOrderNo: null });
  });

  test("a fee record's bands are shown as money and ratios; merchant codes null when missing", () => {
    const bands = JSON.stringify([{ from: 0, to: 1_000_000, ratio: 60_000, portion: 60_000 }]);
    expect(calcFeeLog.derive!({ bands, merchtCode: 'MER0003' })).toEqual({ bands: feeBandsShown(bands), merchtCode: 'MER0003', parentMerchtCode: null });
    expect(feeBandsShown(bands)).toMatchObject([{ from: '0.00', to: '10000.00', portion: '600.00' }]);
  });

  test("a supplier cooperation carries the talent's ID number and real-name state (0 when unknown)", () => {
    expect(custCoopSup.derive!({ custIdNumber: '110101199001011234', realNameStatus: '10' })).toEqual({ idNumber: '110101199001011234', realNameStatus: 10 });
    expect(custCoopSup.derive!({})).toEqual({ idNumber: null, realNameStatus: 0 });
  });
});
