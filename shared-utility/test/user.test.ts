import { avatarThumb, displayName, organisationName, PLATFORM_ORG_NAME, toSignedInUser, type LoginInfoData } from '../src/session/user';

const info: LoginInfoData = {
  userInfo: {
    userId: 7, username: 'enterprise01', name: '王五', phone: '13800000000', email: null, weChat: null, avatar: null,
    guideStep: null, adminType: 40, terCode: null, isTopAdmin: 1, sex: 0, remark: null, status: 0, permTree: [],
  },
  permCodes: [18310],
  entMO: { entName: '杭州某某科技有限公司' },
  merchtMO: { name: '某代理商' },
};

describe('signed-in user (spec §3)', () => {
  it('derives the account type and defaults guideStep to -1', () => {
    const user = toSignedInUser(info);
    expect(user.accountType).toBe('ENT');
    expect(user.guideStep).toBe(-1);
    expect(toSignedInUser({ ...info, userInfo: { ...info.userInfo, guideStep: 2 } }).guideStep).toBe(2);
    expect(() => toSignedInUser({ ...info, userInfo: { ...info.userInfo, adminType: 99 } })).toThrow('未知的账号类型');
  });

  it('display name: name, else phone, else 管理员[username]', () => {
    expect(displayName({ name: '王五', phone: '13800000000', username: 'u' })).toBe('王五');
    expect(displayName({ name: ' ', phone: '13800000000', username: 'u' })).toBe('13800000000');
    expect(displayName({ name: null, phone: null, username: 'enterprise01' })).toBe('管理员[enterprise01]');
  });

  it('organisation name by account type', () => {
    const base = { entMO: { entName: '某企业' }, merchtMO: { name: '某商户' } };
    expect(organisationName({ ...base, accountType: 'ENT' })).toBe('某企业');
    expect(organisationName({ ...base, accountType: 'SPR' })).toBe('某商户');
    expect(organisationName({ ...base, accountType: 'MER' })).toBe('某商户');
    expect(organisationName({ ...base, accountType: 'SYS' })).toBe(PLATFORM_ORG_NAME);
    expect(PLATFORM_ORG_NAME).toBe('FlexPay 平台运营');
    expect(organisationName({ accountType: 'ENT', entMO: null, merchtMO: null })).toBe('');
  });

  it('adds the 80x80 thumbnail suffix once', () => {
    expect(avatarThumb('https://cdn.x.cn/a.png')).toBe('https://cdn.x.cn/a.png?x-oss-process=image/resize,m_fill,w_80,h_80');
    expect(avatarThumb('https://cdn.x.cn/a.png?v=2#top')).toBe('https://cdn.x.cn/a.png?v=2&x-oss-process=image/resize,m_fill,w_80,h_80#top');
    expect(avatarThumb(avatarThumb('https://cdn.x.cn/a.png'))).toBe(avatarThumb('https://cdn.x.cn/a.png'));
    expect(avatarThumb('data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(avatarThumb(null)).toBe('');
  });
});
