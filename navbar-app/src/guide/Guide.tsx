import { Fragment, useEffect, useLayoutEffect, useState } from 'react';
import { Button, ButtonGroup, Classes, Icon, Intent } from '@blueprintjs/core';
import { patchSession, request } from '@flexpay/shared-utility';
import { goTo } from '../location/location';
import type { ShellUser } from '../session/streams';
import {
  DELAY_KEY,
  GUIDE_FINISHED,
  GUIDE_STEPS,
  SHOW_KEY,
  currentGuideStep,
  nextGuideStep,
  shouldShowGuide,
} from './guide-logic';

/** Event any app may dispatch on window to open the guide again (sets showGuide for this session). */
export const SHOW_GUIDE_EVENT = 'flexpay:show-guide';

function store(kind: 'session' | 'local'): Storage | undefined {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return undefined;
  }
}

function clearShowFlag() {
  store('session')?.removeItem(SHOW_KEY);
  store('local')?.removeItem(SHOW_KEY);
}

/**
 * First-time guide: a bar docked under the visited tabs (the page moves down rather than being
 * covered) with the three steps of spec §2. Each step reached is saved with user/update and patched
 * into the session.
 */
export function Guide({ user, onShownChange }: { user: ShellUser | null; onShownChange?: (shown: boolean) => void }) {
  const [dismissed, setDismissed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [, setTick] = useState(0);

  useEffect(() => {
    const reopen = () => {
      store('session')?.setItem(SHOW_KEY, '1');
      setDismissed(false);
      setTick((n) => n + 1);
    };
    window.addEventListener(SHOW_GUIDE_EVENT, reopen);
    return () => window.removeEventListener(SHOW_GUIDE_EVENT, reopen);
  }, []);

  const shown = !!user && !dismissed && shouldShowGuide(user.guideStep, store('session'), store('local'));
  useLayoutEffect(() => onShownChange?.(shown), [shown, onShownChange]);
  if (!user || !shown) return null;

  const index = Math.min(currentGuideStep(user.guideStep), GUIDE_STEPS.length - 1);
  const step = GUIDE_STEPS[index];

  const save = async (guideStep: number): Promise<boolean> => {
    setSaving(true);
    try {
      await request('user/update', { guideStep });
      patchSession({ guideStep } as never);
      if (guideStep >= GUIDE_FINISHED) clearShowFlag();
      return true;
    } catch {
      return false; // the client already showed the error
    } finally {
      setSaving(false);
    }
  };

  const later = () => {
    store('session')?.setItem(DELAY_KEY, '1');
    clearShowFlag();
    setDismissed(true);
  };

  const go = async () => {
    if (await save(nextGuideStep(user.guideStep))) {
      setDismissed(true);
      goTo(step.link);
    }
  };

  const last = index === GUIDE_STEPS.length - 1;
  return (
    <div className="fp-guide" role="region" aria-label="新手引导" data-testid="guide">
      <div className="fp-guide-main">
        <div className="fp-guide-head">
          <strong className="fp-guide-title">新手引导</strong>
          <span className={Classes.TEXT_MUTED}>
            第 {index + 1} / {GUIDE_STEPS.length} 步
          </span>
          <ol className="fp-guide-steps">
            {GUIDE_STEPS.map((s, i) => (
              <Fragment key={s.title}>
                {i > 0 && <Icon icon="chevron-right" size={12} className="fp-guide-sep" />}
                <li className={i === index ? 'fp-guide-step--current' : i < index ? 'fp-guide-step--done' : ''}>
                  <span className="fp-guide-step-no">{i + 1}</span>
                  {s.title}
                </li>
              </Fragment>
            ))}
          </ol>
        </div>
        <p className="fp-guide-text" data-testid="guide-step" title={step.text}>
          <strong>{step.title}</strong>：{step.text}
        </p>
      </div>
      <div className="fp-guide-actions">
        <ButtonGroup>
          <Button size="small" variant="minimal" text="稍后提醒" onClick={later} disabled={saving} />
          <Button size="small" variant="minimal" text="跳过引导" onClick={() => void save(GUIDE_FINISHED)} disabled={saving} />
        </ButtonGroup>
        <Button size="small" text="去设置" onClick={() => void go()} disabled={saving} />
        <Button
          size="small"
          intent={Intent.PRIMARY}
          text={last ? '完成' : '下一步'}
          loading={saving}
          onClick={() => void save(nextGuideStep(user.guideStep))}
        />
      </div>
    </div>
  );
}
