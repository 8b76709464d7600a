import { randomInt } from 'node:crypto';
import {
  AdminType,
  defaultCodesFor,
  initialPassword,
  MONTH_PATTERN,
  validateField,
  auditLog,
  authorizedCodes,
  CLIENT_MESSAGES,
  client,
  clientMercht,
  clientSecretState,
} from '../../src/pure';
import { authorizationCodesError } from '../../src/pure/entities/client';
import { codesWithin, grantableCodes, limitedCodeList, normalisedAuthorization, revealOwner } from '../../src/pure/rules/server';

describe('client authorisation rules (DOMAIN.md §8)', () => {
  it('effective codes: 3 every business code, 2 the listed ones in catalogue order, 0/1 none', () => {
    expect(authorizedCodes({ authorization: 3, apiCodes: '[]' })).toEqual([1002001, 1003001, 1004002, 1004003, 1004050]);
    expect(authorizedCodes({ authorization: 2, apiCodes: '[1004050,1002001]' })).toEqual([1002001, 1004050]);
    expect(authorizedCodes({ authorization: 1, apiCodes: '[1002001]' })).toEqual([]);
    expect(authorizedCodes({ authorization: 2, apiCodes: 'not json' })).toEqual([]);
  });
  it('within: every inner code among the outer ones', () => {
    expect(codesWithin([1002001], [1002001, 1003001])).toBe(true);
    expect(codesWithin([1004002], [1002001])).toBe(false);
    expect(codesWithin([], [])).toBe(true);
  });
  it('refuses unknown or repeated codes, and a partial authorisation without codes', () => {
    expect(authorizationCodesError({ authorization: 2, apiCodes: '[1002001]' })).toBeNull();
    expect(authorizationCodesError({ authorization: 3 })).toBeNull();
    expect(authorizationCodesError({ authorization: 2, apiCodes: '[42]' })).toBe(CLIENT_MESSAGES.apiCodes);
    expect(authorizationCodesError({ authorization: 2, apiCodes: '[1002001,1002001]' })).toBe(CLIENT_MESSAGES.apiCodes);
    expect(authorizationCodesError({ authorization: 2, apiCodes: '[]' })).toBe(CLIENT_MESSAGES.apiCodesRequired);
  });
  it('stores the sorted list under partial authorisation and [] otherwise; invalid codes stay for the check', () => {
    expect(normalisedAuthorization({ authorization: 2, apiCodes: [1004050, 1002001] }, null)).toEqual({ authorization: 2, apiCodes: '[1002001,1004050]' });
    expect(normalisedAuthorization({ authorization: 3, apiCodes: [1004050] }, null)).toEqual({ authorization: 3, apiCodes: '[]' });
    // An update of the authorization alone reads the stored codes.
    expect(normalisedAuthorization({ authorization: 2 }, { authorization: 3, apiCodes: '[1003001]' })).toEqual({ authorization: 2, apiCodes: '[1003001]' });
    expect(normalisedAuthorization({ remark: 'x' }, { authorization: 2, apiCodes: '[1003001]' })).toEqual({ remark: 'x' });
    expect(normalisedAuthorization({ authorization: 2, apiCodes: [42] }, null)).toEqual({ authorization: 2, apiCodes: [42] });
  });
  it('可调用接口 is derived by the entity: 全部接口, the names, or 无', () => {
    expect(clientMercht.derive?.({ authorization: 3, apiCodes: '[]' })).toEqual({ apiCodeNames: '全部接口' });
    expect(clientMercht.derive?.({ authorization: 2, apiCodes: '[1003001,1002001]' })).toEqual({ apiCodeNames: '企业账户查询、余额查询' });
    expect(clientMercht.derive?.({ authorization: 0, apiCodes: '[]' })).toEqual({ apiCodeNames: '无' });
  });
});

describe('client 密钥状态', () => {
  it('names the set keys by their last 4 characters only', () => {
    expect(clientSecretState({ signType: 'MD5', encryptMode: 1, md5KeyTail: 'ab12' })).toBe('MD5…ab12');
    expect(clientSecretState({ signType: 'MD5', encryptMode: 3, md5KeyTail: null, aesKeyTail: null })).toBe('MD5未生成 · AES未生成');
    expect(clientSecretState({ signType: 'RSA', encryptMode: 4, rsaPublicKey: 'pem', aesKeyTail: 'zz99' })).toBe('RSA公钥已设置 · AES…zz99');
    expect(client.derive?.({ signType: 'RSA', encryptMode: 2, rsaPublicKey: null })).toEqual({ secretState: 'RSA公钥未设置' });
  });
});

describe('操作日志 derived texts', () => {
  it('titles the object and the action and describes the changes', () => {
    const derived = auditLog.derive?.({ entity: 'client', action: 'create', changes: JSON.stringify({ clientName: { from: null, to: '甲' } }) });
    expect(derived).toMatchObject({ entityTitle: '客户端', actionLabel: '新增' });
    expect(String(derived?.changeText)).toContain('甲');
  });
});

describe('account rules', () => {
  it('grants only codes the caller holds and the target type may hold', () => {
    const mer = defaultCodesFor('MER');
    const sysOnly = defaultCodesFor('SYS').find((c) => !mer.includes(c))!;
    expect(grantableCodes([mer[0], sysOnly], AdminType.MER)).toEqual([mer[0]]);
    expect(grantableCodes([mer[0], sysOnly], 99)).toEqual([]);
  });
  it('a permission list as sent: sorted without repeats, null when any entry is not a limited code', () => {
    expect(limitedCodeList([24010, 1011, 24010])).toEqual([1011, 24010]);
    expect(limitedCodeList([])).toEqual([]);
    for (const bad of [null, 'x', [1011, 'group:管理员'], [1011.5], [999999]]) expect(limitedCodeList(bad)).toBeNull();
  });
  it('an initial password always meets the §5 rule (12 characters, four classes)', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = initialPassword(randomInt);
      expect(password).toHaveLength(12);
      expect(validateField('password', password)).toBeNull();
    }
    // The smallest draws give the first character of each class, shuffled by the same source.
    expect(initialPassword(() => 0).split('').sort().join('')).toBe('@@222AAAaaaa'.split('').sort().join(''));
  });
  it('names the owner of a revealed record by name and code', () => {
    expect(revealOwner({ custName: '张三', custCode: 'C0001', name: 'x' })).toBe('张三 C0001');
    expect(revealOwner({ name: '李四', username: 'mer01' })).toBe('李四 mer01');
    expect(revealOwner({ name: '', username: null })).toBe('');
  });
});

describe('month of a statistics search', () => {
  it('is yyyy-MM', () => {
    expect(MONTH_PATTERN.test('2026-01')).toBe(true);
    expect(MONTH_PATTERN.test('2026-13')).toBe(false);
    expect(MONTH_PATTERN.test('2026-1')).toBe(false);
  });
});
