import { auditActionLabel, auditEntityTitle, describeAuditChanges } from '../src/pure';

describe('操作日志 descriptions', () => {
  test('stored column values read the way the record’s screen shows them', () => {
    const text = describeAuditChanges('taxSource', {
      monthlyLimitFen: { from: 10_000_000, to: 8_000_050 },
      vatRate: { from: 60_000, to: 65_000 },
      status: { from: 0, to: 1 },
      reason: { from: null, to: '资质到期' },
    });
    expect(text).toBe('个人月限额(元)：100000.00 → 80000.50；增值税率(%)：6.0000% → 6.5000%；状态：正常 → 禁用；原因：资质到期');
  });

  test('a created record lists its values; dates in Beijing time; empties say 空', () => {
    expect(describeAuditChanges('notice', { publishAt: { from: null, to: Date.UTC(2026, 10, 22, 2, 0, 0) }, expireAt: { from: 5, to: null } })).toBe(
      '发布时间：2026-11-22 10:00:00；截止时间：1970-01-01 08:00:00 → 空',
    );
  });

  test('secrets never appear, even if a caller passed one', () => {
    expect(describeAuditChanges('admin_user', { password: { from: 'a', to: 'b' }, name: { from: '张三', to: '李四' } })).toBe('姓名：张三 → 李四');
  });

  test('actions and objects in Chinese: machine transitions by their label, refused attempts, unknown names kept', () => {
    expect(auditActionLabel('taxSource', 'disable')).toBe('禁用');
    expect(auditActionLabel('admin_user', 'denied:user/subuser/changePassword')).toBe('越权操作被拒绝');
    expect(auditActionLabel('session', 'login')).toBe('登录');
    expect(auditEntityTitle('ent')).toBe('企业');
    expect(auditEntityTitle('session')).toBe('登录会话');
    expect(auditEntityTitle('somethingNew')).toBe('somethingNew');
  });
});

describe('no internal event names in the trail (issue 22)', () => {
  test('every signing and tax-registration event and talent action reads in Chinese', () => {
    for (const action of ['paperSign', 'eSign', 'providerSigned', 'providerFailed', 'requestExpired', 'agreementExpired', 'taxReg', 'taxCancel', 'applied', 'registered', 'refused', 'cancelled', 'attachFile', 'realName', 'viewPersonal']) {
      expect(auditActionLabel('custCoopSup', action)).toMatch(/^[\u4e00-\u9fa5（）]+$/);
    }
  });
});
