/**
 * Menu filter: the sidebar entries per account type. Expected sets are written by hand from spec §2
 * (onlyFor lists, hidden routes, parents without a visible child dropped, the official-site link),
 * plus the screens beyond it: 操作日志 for every account type (issue 16), 短信记录 and 邮件记录 for the
 * platform (DOMAIN.md §10 outboxes), 应用版本 for the platform (issue 26).
 */
import { defaultCodesFor, type AccountType } from '@flexpay/shared-utility';
import {
  activeKeys,
  isMobileWidth,
  menuFor,
  menuOutline,
  readSidebarOpen,
  sidebarCookie,
  sidebarOffset,
  toggleGroup,
} from '../src/sidebar/menu-model';

const ENT_GROUP = ['合作关系', '企业合同', '企业费率', '按月统计', '通道余额', '综合统计', '收支记录(简)', '对账单', '充值申请', '退款记录', '完税记录'];

const EXPECTED: Record<AccountType, Record<string, string[]>> = {
  SYS: {
    供应商管理: ['税源地', '供应商', '支付通道', '平台管理'],
    商户管理: ['商户列表', '下级商户', '合作合同', '商户费率', '商户费用统计'],
    企业管理: ['企业列表', ...ENT_GROUP],
    银行卡管理: ['银行卡号'],
    人才管理: ['人才导入', '企业人才', '签约管理', '人才数据'],
    任务管理: ['客户发包', '待审核包', '平台分包', '从业者接包', '从业者完成任务'],
    订单管理: ['制单管理', '代发订单', '订单明细', '计费记录'],
    开票管理: ['申请记录', '开出记录'],
    客户端管理: ['客户端列表', '授权商户管理', '授权企业管理'],
    系统管理: ['管理员', '操作日志', '应用版本'],
    其他: ['系统公告', '签约协议', '短信记录', '邮件记录'],
    官方网站: [],
  },
  SPR: {
    供应商管理: ['供应商', '支付通道'],
    商户管理: ['下级商户', '合作合同', '商户费率', '商户费用统计'],
    企业管理: ENT_GROUP,
    人才管理: ['人才导入', '企业人才', '签约管理'],
    任务管理: ['任务分类', '客户发包', '待审核包', '平台分包', '从业者接包', '从业者完成任务'],
    订单管理: ['制单管理', '代发订单', '订单明细', '计费记录'],
    开票管理: ['开出记录', '开票信息', '开票项目'],
    系统管理: ['管理员', '操作日志'],
    其他: ['系统公告', '签约协议'],
    官方网站: [],
  },
  MER: {
    供应商管理: ['供应商', '支付通道'],
    商户管理: ['上级商户', '下级商户', '合作合同', '我的费率', '我的费用统计', '下级费率', '下级费用统计'],
    企业管理: ENT_GROUP,
    任务管理: ['客户发包', '平台分包', '从业者接包', '从业者完成任务'],
    订单管理: ['制单管理', '代发订单', '订单明细', '计费记录'],
    开票管理: ['开票信息'],
    系统管理: ['管理员', '商户信息', '操作日志'],
    官方网站: [],
  },
  ENT: {
    供应商管理: ['供应商', '支付通道'],
    商户管理: ['上级商户', '合作合同'],
    企业管理: ENT_GROUP,
    人才管理: ['人才导入', '企业人才', '签约管理'],
    任务管理: ['客户发包', '平台分包', '从业者接包', '从业者完成任务'],
    订单管理: ['制单管理', '代发订单', '订单明细'],
    开票管理: ['申请记录', '开票信息'],
    系统管理: ['管理员', '企业信息', '操作日志'],
    官方网站: [],
  },
};

describe('menu per account type (top administrator holding every code of the type)', () => {
  for (const type of ['SYS', 'SPR', 'MER', 'ENT'] as AccountType[]) {
    test(`${type} sees exactly the spec §2 entries, in menu order`, () => {
      const menu = menuFor(type, new Set(defaultCodesFor(type)));
      const outline = menuOutline(menu);
      expect(outline).toEqual(EXPECTED[type]);
      expect(Object.keys(outline)).toEqual(Object.keys(EXPECTED[type]));
    });
  }

  test('hidden routes are never menu entries', () => {
    for (const type of ['SYS', 'SPR', 'MER', 'ENT'] as AccountType[]) {
      const titles = menuFor(type, new Set(defaultCodesFor(type))).flatMap((g) => [g.title, ...(g.children ?? []).map((c) => c.title)]);
      expect(titles).not.toContain('平台接包');
      expect(titles).not.toContain('从业者结算');
      expect(titles).not.toContain('编辑账号');
    }
  });

  test('the official site is an external link, the other leaves link into the suite', () => {
    const menu = menuFor('SYS', new Set(defaultCodesFor('SYS')));
    const site = menu.find((e) => e.title === '官方网站')!;
    expect(site.external).toMatch(/^https?:\/\//);
    expect(site.link).toBeUndefined();
    const links = Object.fromEntries(menu.flatMap((g) => g.children ?? []).map((c) => [c.title, c.link]));
    expect(links['人才数据']).toBe('/cust/base');
    expect(links['待审核包']).toBe('/task/userPackage1/INIT');
    expect(links['申请记录']).toBe('/invoice/myApply/0');
    expect(links['开出记录']).toBe('/invoice/toMeApply/1');
    expect(links['管理员']).toBe('/admin/index');
  });
});

describe('menu for sub-accounts (limited codes)', () => {
  test('an ENT sub-account holding one code sees that entry, the login-only entry and the site link', () => {
    expect(menuOutline(menuFor('ENT', new Set([18310])))).toEqual({
      企业管理: ['合作关系'],
      系统管理: ['企业信息'],
      官方网站: [],
    });
  });

  test('a code of the wrong account type does not show the entry', () => {
    // 10110 税源地 is SYS only; an SPR account holding it still does not see it.
    expect(menuOutline(menuFor('SPR', new Set([10110, 12110])))).toEqual({ 供应商管理: ['供应商'], 官方网站: [] });
  });

  test('no session: only the external link', () => {
    expect(menuOutline(menuFor(null, new Set()))).toEqual({ 官方网站: [] });
  });
});

describe('sidebar state', () => {
  test('active route and its group, also for routes with parameters and routes of other apps', () => {
    expect(activeKeys('/ent/coopEnt')).toEqual({ leaf: '/ent/coopEnt', group: '/ent' });
    expect(activeKeys('/task/userPackage1/INIT')).toEqual({ leaf: '/task/userPackage1/:reviewStatus?', group: '/task' });
    expect(activeKeys('/cust/base')).toEqual({ leaf: '/cust/:queryType?', group: '/cust' });
    expect(activeKeys('/entInfo')).toEqual({ leaf: '/entInfo', group: '/admin' });
    expect(activeKeys('/dashboard')).toEqual({ leaf: '/dashboard', group: null });
    expect(activeKeys('/nowhere/at/all')).toEqual({ leaf: null, group: null });
  });

  test('accordion: only one submenu open at a time', () => {
    let open: string | null = null;
    open = toggleGroup(open, '/ent');
    expect(open).toBe('/ent');
    open = toggleGroup(open, '/order');
    expect(open).toBe('/order');
    open = toggleGroup(open, '/order');
    expect(open).toBeNull();
  });

  test('cookie sidebarStatus: 1 open, 0 closed, open by default', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('a=b; sidebarStatus=0')).toBe(false);
    expect(readSidebarOpen('sidebarStatus=1; a=b')).toBe(true);
    expect(sidebarCookie(false)).toMatch(/^sidebarStatus=0;/);
    expect(sidebarCookie(true)).toMatch(/^sidebarStatus=1;/);
  });

  test('210 px open, 50 px collapsed, 0 px on mobile; mobile below 992 px', () => {
    expect(sidebarOffset(true, false)).toBe(210);
    expect(sidebarOffset(false, false)).toBe(50);
    expect(sidebarOffset(true, true)).toBe(0);
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
  });
});
