/**
 * First-time guide rules (spec §2: three steps — personal info, add sub-account, create role; issue 22
 * item 9). guideStep: -1 unset, 0..2 the step reached, 3 finished. The guide is a step card on the
 * dashboard and on the page the current step leads to, nowhere else.
 */

export interface GuideStepDef {
  title: string;
  text: string;
  /** The page the step leads to (its card shows there too). */
  page: string;
  /** The link's label on the dashboard card. */
  action: string;
  /** What to do once on that page. */
  hint: string;
}

export const GUIDE_STEPS: readonly GuideStepDef[] = [
  {
    title: '完善个人信息',
    text: '请先完善您的姓名、手机号码、邮箱和头像等个人信息，便于平台与您联系。',
    page: '/editAdmin',
    action: '去完善个人信息',
    hint: '在下方填写姓名、微信、头像等信息后点击「提交」；手机号码和邮箱通过「更换手机号或邮箱」验证后修改。',
  },
  {
    title: '添加子账号',
    text: '在「系统管理 / 管理员」中为同事创建子账号，分工处理日常业务。',
    page: '/admin/index',
    action: '去添加子账号',
    hint: '点击列表上方的「新增」，填写用户名、初始密码和联系方式后提交。',
  },
  {
    title: '创建角色',
    text: '为子账号分配权限（角色），控制每个账号可以访问的菜单和可以执行的操作。',
    page: '/admin/index',
    action: '为子账号分配权限',
    hint: '点击子账号所在行的「权限」，再点「编辑」勾选该账号可以使用的功能后提交。',
  },
];

export const GUIDE_FINISHED = GUIDE_STEPS.length;
/** Spec §10 guide keys: 稍后提醒 for this sign-in (session storage, cleared by the next sign-in); showGuide opens it again. */
export const DELAY_KEY = 'delayShowGuide';
export const SHOW_KEY = 'showGuide';
export const DASHBOARD_PATH = '/dashboard';

export function isGuideFinished(guideStep: number | null | undefined): boolean {
  return typeof guideStep === 'number' && guideStep >= GUIDE_FINISHED;
}

/** The step to show: unset (-1 or missing) starts at the first step. */
export function currentGuideStep(guideStep: number | null | undefined): number {
  if (typeof guideStep !== 'number' || guideStep < 0) return 0;
  return Math.min(guideStep, GUIDE_FINISHED);
}

type ReadableStorage = Pick<Storage, 'getItem'> | undefined | null;

function flag(key: string, stores: ReadableStorage[]): boolean {
  return stores.some((s) => {
    try {
      const v = s?.getItem(key);
      return v !== null && v !== undefined && v !== '' && v !== '0' && v !== 'false';
    } catch {
      return false;
    }
  });
}

/**
 * Whether the guide shows: never once finished (跳过引导 saves the finished step on the server, so it
 * stays hidden in every browser); showGuide forces it open; delayShowGuide (稍后提醒) hides it for
 * this sign-in; otherwise it shows while unfinished.
 */
export function shouldShowGuide(guideStep: number | null | undefined, session: ReadableStorage, local: ReadableStorage): boolean {
  if (isGuideFinished(guideStep)) return false;
  if (flag(SHOW_KEY, [session, local])) return true;
  if (flag(DELAY_KEY, [session])) return false;
  return true;
}

/** 下一步 / 完成 save the next step; 跳过引导 saves the finished step. */
export function nextGuideStep(guideStep: number | null | undefined): number {
  return Math.min(currentGuideStep(guideStep) + 1, GUIDE_FINISHED);
}

/**
 * Where a card shows on a path: the dashboard always (while the guide shows), and the page the
 * current step leads to; null on every other page.
 */
export function guidePlacement(path: string, guideStep: number | null | undefined): 'dashboard' | 'page' | null {
  if (isGuideFinished(guideStep)) return null;
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === DASHBOARD_PATH) return 'dashboard';
  return GUIDE_STEPS[currentGuideStep(guideStep)].page === clean ? 'page' : null;
}
