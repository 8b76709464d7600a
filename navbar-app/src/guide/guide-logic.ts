/** First-time guide rules. guideStep: -1 unset, 0..2 the step reached, 3 finished. */

export interface GuideStepDef {
  title: string;
  text: string;
  /** Where 去设置 leads. */
  link: string;
}

export const GUIDE_STEPS: GuideStepDef[] = [
  {
    title: '完善个人信息',
    text: '请先完善您的姓名、手机号码、邮箱和头像等个人信息，便于平台与您联系。',
    link: '/editAdmin',
  },
  {
    title: '添加子账号',
    text: '在「系统管理 / 管理员」中为同事创建子账号，分工处理日常业务。',
    link: '/admin/index',
  },
  {
    title: '创建角色',
    text: '为子账号分配权限（角色），控制每个账号可以访问的菜单和可以执行的操作。',
    link: '/admin/index',
  },
];

export const GUIDE_FINISHED = GUIDE_STEPS.length;
export const DELAY_KEY = 'delayShowGuide';
export const SHOW_KEY = 'showGuide';

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
 * Whether the guide shows: never once finished; showGuide forces it open; delayShowGuide
 * (稍后提醒) hides it for this browser session; otherwise it shows while unfinished.
 */
export function shouldShowGuide(guideStep: number | null | undefined, session: ReadableStorage, local: ReadableStorage): boolean {
  if (isGuideFinished(guideStep)) return false;
  if (flag(SHOW_KEY, [session, local])) return true;
  if (flag(DELAY_KEY, [session, local])) return false;
  return true;
}

/** 下一步 / 去设置 save the next step; 跳过引导 saves the finished step. */
export function nextGuideStep(guideStep: number | null | undefined): number {
  return Math.min(currentGuideStep(guideStep) + 1, GUIDE_FINISHED);
}
