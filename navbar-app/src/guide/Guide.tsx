import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Card, Classes, Elevation, H5, Intent } from '@blueprintjs/core';
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
 * First-time guide: a non-modal card (the page stays usable) with the three steps of spec §2.
 * Each step reached is saved with user/update and patched into the session.
 */
export function Guide({ user }: { user: ShellUser | null }) {
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

  if (!user || dismissed || !shouldShowGuide(user.guideStep, store('session'), store('local'))) return null;

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
    <Card className="fp-guide" elevation={Elevation.THREE} role="dialog" aria-label="新手引导" data-testid="guide">
      <div className="fp-guide-head">
        <H5 className="fp-guide-title">新手引导</H5>
        <span className={Classes.TEXT_MUTED}>
          第 {index + 1} / {GUIDE_STEPS.length} 步
        </span>
      </div>
      <ol className="fp-guide-steps">
        {GUIDE_STEPS.map((s, i) => (
          <li key={s.title} className={i === index ? 'fp-guide-step--current' : i < index ? 'fp-guide-step--done' : ''}>
            {s.title}
          </li>
        ))}
      </ol>
      <p className="fp-guide-text" data-testid="guide-step">
        <strong>{step.title}</strong>：{step.text}
      </p>
      <div className="fp-guide-actions">
        <ButtonGroup>
          <Button size="small" variant="minimal" text="稍后提醒" onClick={later} disabled={saving} />
          <Button size="small" variant="minimal" text="跳过引导" onClick={() => void save(GUIDE_FINISHED)} disabled={saving} />
        </ButtonGroup>
        <ButtonGroup>
          <Button size="small" text="去设置" onClick={() => void go()} disabled={saving} />
          <Button
            size="small"
            intent={Intent.PRIMARY}
            text={last ? '完成' : '下一步'}
            loading={saving}
            onClick={() => void save(nextGuideStep(user.guideStep))}
          />
        </ButtonGroup>
      </div>
    </Card>
  );
}
