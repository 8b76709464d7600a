import { useState, type ReactNode } from 'react';
import { Button, Card, Classes, Icon, Intent } from '@blueprintjs/core';
import { mayOpen, navigate, patchSession, request, useSession } from '@flexpay/shared-utility';
import { DELAY_KEY, GUIDE_FINISHED, GUIDE_STEPS, currentGuideStep, guidePlacement, nextGuideStep, shouldShowGuide } from './guide-logic';
import './guide-card.css';

function store(kind: 'session' | 'local'): Storage | undefined {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The first-time guide's step card (issue 22 item 9): on the dashboard it shows the current step with
 * a link to its page; on that page it says what to do there. 稍后提醒 hides it until the next sign-in,
 * 跳过引导 saves the finished step (hidden in every browser), 下一步 / 完成 save the next step.
 */
export function GuideCard({ path }: { path: string }) {
  const user = useSession();
  const [saving, setSaving] = useState(false);
  const [, setTick] = useState(0);
  if (!user) return null;
  const placement = guidePlacement(path, user.guideStep);
  if (!placement || !shouldShowGuide(user.guideStep, store('session'), store('local'))) return null;

  const index = Math.min(currentGuideStep(user.guideStep), GUIDE_STEPS.length - 1);
  const step = GUIDE_STEPS[index];
  const last = index === GUIDE_STEPS.length - 1;
  const viewer = { accountType: user.accountType ?? null, codes: new Set(user.permCodes ?? []) };
  const reachable = mayOpen(step.page, viewer);

  const save = async (guideStep: number) => {
    setSaving(true);
    try {
      await request('user/update', { guideStep });
      patchSession({ guideStep });
      if (guideStep >= GUIDE_FINISHED) store('session')?.removeItem('showGuide');
    } catch {
      // The request layer already showed the error.
    } finally {
      setSaving(false);
    }
  };
  const later = () => {
    store('session')?.setItem(DELAY_KEY, '1');
    store('session')?.removeItem('showGuide');
    setTick((n) => n + 1);
  };

  let body: ReactNode;
  if (placement === 'dashboard') body = <p className="fp-guide-card__text">{step.text}</p>;
  else
    body = (
      <p className="fp-guide-card__text">
        <Icon icon="hand-down" size={14} className="fp-guide-card__hint-icon" />
        {step.hint}
      </p>
    );

  return (
    <Card className="fp-guide-card" elevation={1} role="region" aria-label="新手引导" data-testid="guide">
      <div className="fp-guide-card__main">
        <div className="fp-guide-card__head">
          <Icon icon="lightbulb" size={16} className="fp-guide-card__icon" />
          <strong>新手引导</strong>
          <span className={Classes.TEXT_MUTED}>
            第 {index + 1} / {GUIDE_STEPS.length} 步
          </span>
          <ol className="fp-guide-card__steps">
            {GUIDE_STEPS.map((s, i) => (
              <li key={s.title} className={i === index ? 'is-current' : i < index ? 'is-done' : ''}>
                <span className="fp-guide-card__no">{i < index ? <Icon icon="tick" size={10} /> : i + 1}</span>
                {s.title}
              </li>
            ))}
          </ol>
        </div>
        <div className="fp-guide-card__title" data-testid="guide-step">
          {step.title}
        </div>
        {body}
      </div>
      <div className="fp-guide-card__actions">
        <Button variant="minimal" size="small" text="稍后提醒" onClick={later} disabled={saving} />
        <Button variant="minimal" size="small" text="跳过引导" onClick={() => void save(GUIDE_FINISHED)} disabled={saving} />
        {placement === 'dashboard' && reachable ? (
          <Button size="small" intent={Intent.PRIMARY} text={step.action} endIcon="arrow-right" onClick={() => navigate(step.page)} disabled={saving} />
        ) : null}
        <Button
          size="small"
          intent={placement === 'page' ? Intent.PRIMARY : Intent.NONE}
          text={last ? '完成' : '下一步'}
          loading={saving}
          onClick={() => void save(nextGuideStep(user.guideStep))}
        />
      </div>
    </Card>
  );
}
