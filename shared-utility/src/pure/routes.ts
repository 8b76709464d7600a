import type { AccountType } from './enums';
import { accountTypeAllowed, meetsRequirement, type VisibilityMode } from './permissions';

/**
 * The micro-apps that own routes (CONTRACT.md "Which app owns which route"); 'login' is the import-map
 * module @flexpay/login (built from system-app/src/login), which alone serves the sign-in pages (issue 24).
 */
export type AppName = 'system-app' | 'finance-app' | 'people-app' | 'tasks-app' | 'login';

export interface RouteDef {
  /** Absolute path pattern in react-router syntax (`:param?` is optional). */
  path: string;
  title: string;
  /** Owning app; parents inherit nothing and are menu groups only. */
  app?: AppName;
  /** Where the menu entry points when the pattern has parameters. */
  link?: string;
  codes?: number[];
  mode?: VisibilityMode;
  onlyFor?: AccountType[];
  /** Not in the menu, still routable. */
  hidden?: boolean;
  /** Reachable without a session; no navbar. */
  public?: boolean;
  /** A parent with no visible child is dropped (spec §6). */
  hiddenIfEmpty?: boolean;
  /** Route takes a record (passed in navigation state). */
  takesRecord?: boolean;
  external?: string;
  icon?: string;
  children?: RouteDef[];
}

const SYS: AccountType[] = ['SYS'];
const SYS_SPR: AccountType[] = ['SYS', 'SPR'];
const SYS_SPR_MER: AccountType[] = ['SYS', 'SPR', 'MER'];
const SYS_SPR_ENT: AccountType[] = ['SYS', 'SPR', 'ENT'];

export const PRODUCT_SUFFIX = 'FlexPay 管理后台';
export const OFFICIAL_SITE_URL = 'https://www.flexpay.example.com';
export const HOME_PATH = '/dashboard';

export const PUBLIC_ROUTES: RouteDef[] = [
  { path: '/login', title: '登录', app: 'login', public: true, hidden: true },
  { path: '/forgetPassword', title: '忘记密码', app: 'login', public: true, hidden: true },
  { path: '/contactUs', title: '联系我们', app: 'login', public: true, hidden: true },
  { path: '/404', title: '页面不存在', app: 'system-app', public: true, hidden: true },
];

/** Signed-in routes outside the menu tree. */
export const STANDALONE_ROUTES: RouteDef[] = [
  { path: '/dashboard', title: '首页', app: 'system-app', icon: 'home' },
  { path: '/editAdmin', title: '编辑账号', app: 'system-app', hidden: true, takesRecord: true },
  { path: '/help', title: '帮助中心', app: 'system-app', hidden: true },
  { path: '/editIndustry', title: '编辑行业', app: 'finance-app', hidden: true, takesRecord: true },
  { path: '/editEpArea', title: '编辑企业地区', app: 'finance-app', hidden: true, takesRecord: true },
  { path: '/editEpIndustry', title: '编辑企业行业', app: 'finance-app', hidden: true, takesRecord: true },
  { path: '/editEpContract', title: '编辑企业合同', app: 'finance-app', hidden: true, takesRecord: true },
  { path: '/editEpQuote', title: '编辑企业报价', app: 'finance-app', hidden: true, takesRecord: true },
];

const fin = 'finance-app' as const;
const ppl = 'people-app' as const;
const tsk = 'tasks-app' as const;
const sys = 'system-app' as const;

/** The menu tree of spec §2, in menu order. */
export const MENU_ROUTES: RouteDef[] = [
  {
    path: '/supplier', title: '供应商管理', icon: 'office', hiddenIfEmpty: true,
    children: [
      { path: '/supplier/taxsource', title: '税源地', app: fin, codes: [10110], onlyFor: SYS },
      { path: '/supplier/index', title: '供应商', app: fin, codes: [12110] },
      { path: '/supplier/channel', title: '支付通道', app: fin, codes: [14100] },
      { path: '/supplier/xpay', title: '平台管理', app: fin, codes: [36110], onlyFor: SYS },
    ],
  },
  {
    path: '/merchant', title: '商户管理', icon: 'shop', hiddenIfEmpty: true,
    children: [
      { path: '/merchant/index', title: '商户列表', app: fin, codes: [16110], onlyFor: SYS },
      { path: '/merchant/merchtSup', title: '上级商户', app: fin, codes: [16230], onlyFor: ['ENT', 'MER'] },
      { path: '/merchant/merchtSub', title: '下级商户', app: fin, codes: [16210], onlyFor: SYS_SPR_MER },
      { path: '/merchant/mercContract', title: '合作合同', app: fin, codes: [30210] },
      { path: '/merchant/feeConfig', title: '商户费率', app: fin, codes: [16510], onlyFor: SYS_SPR },
      { path: '/merchant/feeStats', title: '商户费用统计', app: fin, codes: [16610], onlyFor: SYS_SPR },
      { path: '/merchant/myFeeConfig', title: '我的费率', app: fin, codes: [16510], onlyFor: ['MER'] },
      { path: '/merchant/myFeeStats', title: '我的费用统计', app: fin, codes: [16610], onlyFor: ['MER'] },
      { path: '/merchant/subFeeConfig', title: '下级费率', app: fin, codes: [16510], onlyFor: ['MER'] },
      { path: '/merchant/subFeeStats', title: '下级费用统计', app: fin, codes: [16610], onlyFor: ['MER'] },
    ],
  },
  {
    path: '/ent', title: '企业管理', icon: 'briefcase', hiddenIfEmpty: true,
    children: [
      { path: '/ent/index', title: '企业列表', app: fin, codes: [18110], onlyFor: SYS },
      { path: '/ent/coopEnt', title: '合作关系', app: fin, codes: [18310] },
      { path: '/ent/entContract', title: '企业合同', app: fin, codes: [30110] },
      { path: '/ent/feeConfig', title: '企业费率', app: fin, codes: [18410] },
      { path: '/ent/feeStats', title: '按月统计', app: fin, codes: [18430] },
      { path: '/ent/channelStats', title: '通道余额', app: fin, codes: [18510] },
      { path: '/ent/stats', title: '综合统计', app: fin, codes: [18530] },
      { path: '/ent/balanceLog', title: '收支记录(简)', app: fin, codes: [18650] },
      { path: '/ent/statement', title: '对账单', app: fin, codes: [18650] },
      { path: '/ent/addBal', title: '充值申请', app: fin, codes: [18610] },
      { path: '/ent/refund', title: '退款记录', app: fin, codes: [18710] },
      { path: '/ent/taxPaidProof', title: '完税记录', app: fin, codes: [18740] },
    ],
  },
  {
    path: '/bankcard', title: '银行卡管理', icon: 'credit-card', hiddenIfEmpty: true,
    children: [{ path: '/bankcard/index', title: '银行卡号', app: ppl, codes: [22010], onlyFor: SYS }],
  },
  {
    path: '/cust', title: '人才管理', icon: 'people', hiddenIfEmpty: true,
    children: [
      { path: '/cust/import', title: '人才导入', app: ppl, codes: [20120], onlyFor: SYS_SPR_ENT },
      { path: '/cust/ent/:queryType?', link: '/cust/ent', title: '企业人才', app: ppl, codes: [20100], onlyFor: SYS_SPR_ENT },
      { path: '/cust/sup/:queryType?', link: '/cust/sup', title: '签约管理', app: ppl, codes: [20200], onlyFor: SYS_SPR_ENT },
      { path: '/cust/:queryType?', link: '/cust/base', title: '人才数据', app: ppl, codes: [20100], onlyFor: SYS },
    ],
  },
  {
    path: '/task', title: '任务管理', icon: 'projects', hiddenIfEmpty: true,
    children: [
      { path: '/task/category', title: '任务分类', app: tsk, codes: [32110], onlyFor: ['SPR'] },
      { path: '/task/userPackage', title: '客户发包', app: tsk, codes: [32210] },
      { path: '/task/userPackage1/:reviewStatus?', link: '/task/userPackage1/INIT', title: '待审核包', app: tsk, codes: [32302], onlyFor: SYS_SPR },
      { path: '/task/userPackage2/:reviewStatus?/:pkgStatus?', link: '/task/userPackage2/REVIEWED/HIDDEN', title: '平台接包', app: tsk, codes: [32210], hidden: true },
      { path: '/task/userPackage3', title: '平台分包', app: tsk, codes: [32210] },
      { path: '/task/userPackage4/:reviewStatus?', link: '/task/userPackage4/REVIEWED', title: '从业者接包', app: tsk, codes: [32210] },
      { path: '/task/userPackage5', title: '从业者完成任务', app: tsk, codes: [32210] },
      { path: '/task/orderDetail2/:packageCode?', link: '/task/orderDetail2', title: '从业者结算', app: tsk, codes: [25110], onlyFor: SYS_SPR, hidden: true },
    ],
  },
  {
    path: '/order', title: '订单管理', icon: 'th-list', hiddenIfEmpty: true,
    children: [
      { path: '/order/prodOrder', title: '制单管理', app: fin, codes: [25010] },
      { path: '/order/index', title: '代发订单', app: fin, codes: [24010] },
      { path: '/order/detail', title: '订单明细', app: fin, codes: [25110] },
      { path: '/order/feeLog', title: '计费记录', app: fin, codes: [25510], onlyFor: SYS_SPR_MER },
    ],
  },
  {
    path: '/invoice', title: '开票管理', icon: 'document', hiddenIfEmpty: true,
    children: [
      { path: '/invoice/myApply/:toMe', link: '/invoice/myApply/0', title: '申请记录', app: fin, codes: [27110], onlyFor: ['SYS', 'ENT'] },
      { path: '/invoice/toMeApply/:toMe', link: '/invoice/toMeApply/1', title: '开出记录', app: fin, codes: [27210], onlyFor: SYS_SPR },
      { path: '/invoice/invoiceInfo', title: '开票信息', app: fin, codes: [26110], onlyFor: ['SPR', 'MER', 'ENT'] },
      { path: '/invoice/invoiceItem', title: '开票项目', app: fin, codes: [26410], onlyFor: ['SPR'] },
    ],
  },
  {
    path: '/client', title: '客户端管理', icon: 'application', hiddenIfEmpty: true, onlyFor: SYS,
    children: [
      { path: '/client/index', title: '客户端列表', app: sys, codes: [28110], onlyFor: SYS },
      { path: '/client/cliMercht/:clientCode?/:merchtCode?', link: '/client/cliMercht', title: '授权商户管理', app: sys, codes: [28220], onlyFor: SYS },
      { path: '/client/cliMerchtEnt/:clientCode?/:merchtCode?', link: '/client/cliMerchtEnt', title: '授权企业管理', app: sys, codes: [28240], onlyFor: SYS },
    ],
  },
  {
    path: '/admin', title: '系统管理', icon: 'cog', hiddenIfEmpty: true,
    children: [
      { path: '/admin/index', title: '管理员', app: sys, codes: [1011] },
      { path: '/merchantInfo', title: '商户信息', app: sys, codes: [1003], onlyFor: ['MER'] },
      { path: '/entInfo', title: '企业信息', app: sys, codes: [1003], onlyFor: ['ENT'] },
      { path: '/admin/auditLog', title: '操作日志', app: sys, codes: [38110] },
      { path: '/ops/apps', title: '应用版本', app: sys, codes: [38210], onlyFor: SYS },
    ],
  },
  {
    path: '/other', title: '其他', icon: 'more', hiddenIfEmpty: true,
    children: [
      { path: '/notice', title: '系统公告', app: sys, codes: [34100], onlyFor: SYS_SPR },
      { path: '/agreement', title: '签约协议', app: sys, codes: [30130], onlyFor: SYS_SPR },
      { path: '/smsOutbox', title: '短信记录', app: sys, codes: [34310], onlyFor: SYS },
      { path: '/mailOutbox', title: '邮件记录', app: sys, codes: [34320], onlyFor: SYS },
    ],
  },
  { path: 'external:official-site', title: '官方网站', icon: 'globe', external: OFFICIAL_SITE_URL },
];

/** Every routable leaf, public ones included, in matching order (specific before optional). */
export function allRoutes(): RouteDef[] {
  const out: RouteDef[] = [...PUBLIC_ROUTES, ...STANDALONE_ROUTES];
  const walk = (nodes: RouteDef[]) => {
    for (const node of nodes) {
      if (node.children) walk(node.children);
      else if (node.app) out.push(node);
    }
  };
  walk(MENU_ROUTES);
  return out;
}

/** Compiles a react-router style pattern (with optional `:param?` segments) to a RegExp. */
function patternToRegExp(pattern: string): RegExp {
  const parts = pattern.split('/').filter(Boolean);
  let source = '^';
  for (const part of parts) {
    if (part.startsWith(':')) {
      source += part.endsWith('?') ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      source += '/' + part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(source + '/?$');
}

const COMPILED = allRoutes().map((route) => ({ route, re: patternToRegExp(route.path) }));

export function matchRoute(pathname: string): RouteDef | null {
  return COMPILED.find(({ re }) => re.test(pathname))?.route ?? null;
}

/** The app that owns a pathname, for single-spa activity functions. */
export function appForPath(pathname: string): AppName | null {
  return matchRoute(pathname)?.app ?? null;
}

export function isPublicPath(pathname: string): boolean {
  return matchRoute(pathname)?.public === true;
}

export function pageTitle(pathname: string): string {
  const route = matchRoute(pathname);
  return route ? `${route.title} - ${PRODUCT_SUFFIX}` : PRODUCT_SUFFIX;
}

export interface Crumb {
  title: string;
  path?: string;
}

/** Breadcrumbs: 首页, then the menu parent (no link), then the route itself. */
export function breadcrumbs(pathname: string): Crumb[] {
  const route = matchRoute(pathname);
  const crumbs: Crumb[] = [{ title: '首页', path: HOME_PATH }];
  if (!route || route.path === HOME_PATH || route.public) return crumbs;
  const parent = MENU_ROUTES.find((group) => group.children?.includes(route));
  if (parent) crumbs.push({ title: parent.title });
  crumbs.push({ title: route.title, path: pathname });
  return crumbs;
}

export interface MenuViewer {
  accountType: AccountType | null;
  codes: ReadonlySet<number>;
}

function routeVisible(route: RouteDef, viewer: MenuViewer): boolean {
  if (!accountTypeAllowed(viewer.accountType, { onlyFor: route.onlyFor })) return false;
  return meetsRequirement(route.codes ? { codes: route.codes, mode: route.mode } : undefined, viewer.codes);
}

/** The menu a viewer sees: hidden routes left out, disallowed ones filtered, empty parents dropped. */
export function visibleMenu(viewer: MenuViewer, tree: RouteDef[] = MENU_ROUTES): RouteDef[] {
  const out: RouteDef[] = [];
  for (const node of tree) {
    if (node.hidden || !routeVisible(node, viewer)) continue;
    if (node.children) {
      const children = visibleMenu(viewer, node.children);
      if (children.length === 0 && node.hiddenIfEmpty) continue;
      out.push({ ...node, children });
    } else {
      out.push(node);
    }
  }
  return out;
}

/** Whether a viewer may open a pathname (used by the apps to answer 404 for forbidden routes). */
export function mayOpen(pathname: string, viewer: MenuViewer): boolean {
  const route = matchRoute(pathname);
  if (!route) return false;
  if (route.public) return true;
  return routeVisible(route, viewer);
}

export function menuLink(route: RouteDef): string {
  return route.link ?? route.path;
}
