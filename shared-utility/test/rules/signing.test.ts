import { commandAllows, custCoopSup, DAY_MS, SIGNING_MESSAGES, SIGN, SIGN_TABLE, TAX_REG } from '../../src/pure';
import { bestBin, cardNoError, coopSupRefusal, dueMoves, dueSteps, realNameAfterEdit, signNext, taxNext, type TimedRow } from '../../src/pure/rules/server';

const ALL_SIGN = [0, 10, 20, 30, 40];
const ALL_TAX = [0, 10, 20, 30, 40];

describe('sign status table (DOMAIN.md §6)', () => {
  test('every event from every status: allowed moves reach their status, the rest are refused', () => {
    const table = Object.fromEntries(Object.keys(SIGN_TABLE).map((event) => [event, ALL_SIGN.map((s) => signNext(s, event as keyof typeof SIGN_TABLE))]));
    expect(table).toEqual({
      paperSigned: [20, null, null, 20, 20],
      eSignStarted: [10, null, null, 10, 10],
      providerSigned: [null, 20, null, null, null],
      providerFailed: [null, 30, null, null, null],
      requestExpired: [null, 40, null, null, null],
      agreementExpired: [null, null, 40, null, null],
    });
  });

  test('tax registration: 0/30/40 → 10 → 20/30, 20 → 40 on cancel, nothing else', () => {
    expect(ALL_TAX.map((s) => taxNext(s, 'applied'))).toEqual([10, null, null, 10, 10]);
    expect(ALL_TAX.map((s) => taxNext(s, 'registered'))).toEqual([null, 20, null, null, null]);
    expect(ALL_TAX.map((s) => taxNext(s, 'refused'))).toEqual([null, 30, null, null, null]);
    expect(ALL_TAX.map((s) => taxNext(s, 'cancelled'))).toEqual([null, null, 40, null, null]);
  });
});

describe('row actions (custCoopSup.commands, one declaration with the tables)', () => {
  const row = (signStatus: number, taxRegStatus = 0, status = 0) => ({ status, signChannel: 0, signStatus, taxRegStatus });
  const offered = (r: ReturnType<typeof row>, realNameStatus: number) =>
    Object.keys(custCoopSup.commands!).filter((name) => commandAllows(custCoopSup, name, { ...r, realNameStatus }, 'SYS', new Set([20201])));
  test('follow the tables; tax registration needs real-name 10; a suspended cooperation offers nothing', () => {
    expect(offered(row(SIGN.none), 10)).toEqual(['paperSign', 'eSign', 'taxReg']);
    expect(offered(row(SIGN.signing), 10)).toEqual(['taxReg']);
    expect(offered(row(SIGN.success, TAX_REG.success), 10)).toEqual(['taxCancel']);
    expect(offered(row(SIGN.expired, TAX_REG.applying), 0)).toEqual(['paperSign', 'eSign']);
    expect(offered(row(SIGN.failed, TAX_REG.failed), 20)).toEqual(['paperSign', 'eSign']);
    expect(offered(row(SIGN.none, 0, 1), 10)).toEqual([]);
  });
  test('an enterprise signs, never registers tax', () => {
    expect(Object.keys(custCoopSup.commands!).filter((name) => commandAllows(custCoopSup, name, { ...row(SIGN.none), realNameStatus: 10 }, 'ENT', new Set([20201])))).toEqual(['paperSign', 'eSign']);
  });
});

describe('refusals on a supplier cooperation row', () => {
  test('a suspended cooperation neither signs nor registers; 税务登记 needs real-name 10; other commands pass', () => {
    expect(coopSupRefusal('paperSign', { status: 1, realNameStatus: 10 })).toBe(SIGNING_MESSAGES.suspended);
    expect(coopSupRefusal('taxCancel', { status: '1' })).toBe(SIGNING_MESSAGES.suspended);
    expect(coopSupRefusal('taxReg', { status: 0, realNameStatus: 20 })).toBe(SIGNING_MESSAGES.realNameFirst);
    expect(coopSupRefusal('taxReg', { status: 0, realNameStatus: 10 })).toBeNull();
    expect(coopSupRefusal('eSign', { status: 0, realNameStatus: 0 })).toBeNull();
    expect(coopSupRefusal('other', { status: 1 })).toBeNull();
  });
});

describe('a talent edit and its real-name state', () => {
  test('a new name, ID type or ID number resets it to 0; the same values, other fields or absent ones do not', () => {
    const before = { name: '张三', idType: 111, idNumber: '110101199003071234', phone: '13800000000' };
    expect(realNameAfterEdit({ name: '李四' }, before)).toEqual({ realNameStatus: 0, realNameAt: null });
    expect(realNameAfterEdit({ idType: 414 }, before)).toEqual({ realNameStatus: 0, realNameAt: null });
    expect(realNameAfterEdit({ idNumber: '110101199003070000' }, before)).toEqual({ realNameStatus: 0, realNameAt: null });
    expect(realNameAfterEdit({ name: '张三', idType: '111', phone: '13900000000' }, before)).toEqual({});
  });
});

describe('what the clock does', () => {
  const delays = { eSignMs: 30_000, taxRegMs: 60_000 };
  const t0 = Date.UTC(2026, 0, 1);
  const base: TimedRow = { signStatus: 0, signChannel: 0, signStartedAt: null, signedAt: null, taxRegStatus: 0, taxRegAt: null };
  const signing = (channel: number): TimedRow => ({ ...base, signStatus: 10, signChannel: channel, signStartedAt: t0 });

  test('e-sign (2 and 6) signs after the delay when real-name is 10, fails otherwise; nothing before', () => {
    expect(dueMoves(signing(2), 10, t0 + 29_999, delays)).toEqual({});
    expect(dueMoves(signing(2), 10, t0 + 30_000, delays)).toEqual({ sign: { event: 'providerSigned', to: 20 } });
    expect(dueMoves(signing(6), 20, t0 + 30_000, delays)).toEqual({ sign: { event: 'providerFailed', to: 30 } });
    expect(dueMoves(signing(6), 0, t0 + 30_000, delays)).toEqual({ sign: { event: 'providerFailed', to: 30 } });
  });

  test('an unanswered request expires after 7 days, even when the provider could answer', () => {
    expect(dueMoves(signing(1), 10, t0 + 7 * DAY_MS - 1, delays)).toEqual({});
    expect(dueMoves(signing(1), 10, t0 + 7 * DAY_MS, delays)).toEqual({ sign: { event: 'requestExpired', to: 40 } });
    expect(dueMoves(signing(2), 10, t0 + 7 * DAY_MS, delays)).toEqual({ sign: { event: 'requestExpired', to: 40 } });
  });

  test('a signature expires a year after signing', () => {
    const signed: TimedRow = { ...base, signStatus: 20, signChannel: 1, signedAt: t0 };
    expect(dueMoves(signed, 10, t0 + 365 * DAY_MS - 1, delays)).toEqual({});
    expect(dueMoves(signed, 10, t0 + 365 * DAY_MS, delays)).toEqual({ sign: { event: 'agreementExpired', to: 40 } });
    expect(dueMoves({ ...signed, signStatus: 30 }, 10, t0 + 400 * DAY_MS, delays)).toEqual({});
  });

  test('the steps of the due moves: sign first with signedAt on signing, then tax; times as text read as numbers', () => {
    const both = { ...signing(2), signStartedAt: String(t0), taxRegStatus: 10, taxRegAt: String(t0) };
    expect(dueSteps(both, 10, t0 + 60_000, delays)).toEqual([
      { column: 'signStatus', from: 10, to: 20, action: 'providerSigned', set: { signedAt: t0 + 60_000 } },
      { column: 'taxRegStatus', from: 10, to: 20, action: 'registered', set: {} },
    ]);
    expect(dueSteps(both, 20, t0 + 30_000, delays)).toEqual([{ column: 'signStatus', from: 10, to: 30, action: 'providerFailed', set: {} }]);
    expect(dueSteps(base, 10, t0 + 400 * DAY_MS, delays)).toEqual([]);
  });

  test('a tax application is answered after its delay: registered with real-name 10, refused otherwise', () => {
    const applying: TimedRow = { ...base, taxRegStatus: 10, taxRegAt: t0 };
    expect(dueMoves(applying, 10, t0 + 59_999, delays)).toEqual({});
    expect(dueMoves(applying, 10, t0 + 60_000, delays)).toEqual({ tax: { event: 'registered', to: 20 } });
    expect(dueMoves(applying, 20, t0 + 60_000, delays)).toEqual({ tax: { event: 'refused', to: 30 } });
  });
});

describe('payout account numbers', () => {
  test('a bank card is 10-30 digits (spec §5); an Alipay account a mobile number or an email', () => {
    expect(cardNoError(0, '6222020200112233')).toBeNull();
    expect(cardNoError(0, '123456789')).toBe('银行卡只能为10-30位数字');
    expect(cardNoError(0, '1'.repeat(31))).toBe('银行卡只能为10-30位数字');
    expect(cardNoError(0, '6222 0202 0011')).toBe('银行卡只能为10-30位数字');
    expect(cardNoError(10, '13800138000')).toBeNull();
    expect(cardNoError(10, 'li.si@example.com')).toBeNull();
    expect(cardNoError(10, '6222020200112233')).toBe('支付宝账号应为手机号码或邮箱');
  });
});

describe('bestBin: which BIN names a card', () => {
  const rows = [
    { bin: '622', bankName: '某行', cardName: null, cardType: 'DC', cardLength: 16 },
    { bin: '622202', bankName: '中国工商银行', cardName: '牡丹卡', cardType: 'DC', cardLength: 19 },
    { bin: '6222', bankName: '工行长卡', cardName: null, cardType: 'CC', cardLength: 16 },
    { bin: '621226', bankName: '中国工商银行', cardName: null, cardType: 'DC', cardLength: 19 },
  ];
  test('the longest BIN whose card length is the number’s', () => {
    expect(bestBin(rows, '6222020200112233445')).toEqual({ bin: '622202', bankName: '中国工商银行', cardName: '牡丹卡', cardType: 'DC' });
    expect(bestBin(rows, '6222020200112233')).toMatchObject({ bin: '6222', cardType: 'CC' });
  });
  test('else the longest starting it; none when no BIN starts it', () => {
    expect(bestBin(rows, '62220202001122334')).toMatchObject({ bin: '622202' });
    expect(bestBin(rows, ' 6229000000000000 ')).toMatchObject({ bin: '622' });
    expect(bestBin(rows, '4111111111111111')).toBeNull();
  });
});
