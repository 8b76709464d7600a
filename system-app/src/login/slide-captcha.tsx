import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from './client';
import { Button, Icon, Slider, Spinner } from './ui';

interface Slide {
  captchaToken: string;
  background: string;
  piece: string;
  y: number;
  width: number;
  height: number;
  pieceSize: number;
}

export interface SlidePass {
  captchaToken: string;
  captcha: string;
}

/** Failed sign-ins of this browser tab; from the second one on, the slide captcha is asked for. */
export const SLIDE_AFTER_FAILURES = 2;
const FAILURES_KEY = 'flexpay.loginFailures';
export const loginFailures = () => Number(window.sessionStorage.getItem(FAILURES_KEY) ?? 0);
export const countLoginFailure = () => window.sessionStorage.setItem(FAILURES_KEY, String(loginFailures() + 1));
export const clearLoginFailures = () => window.sessionStorage.removeItem(FAILURES_KEY);
const SETTLE_MS = 400;
/** At most this many samples go to the server (it refuses more than 1000). */
const MAX_TRACE = 400;

/**
 * The drag as the server checks it (issue 21 item 7): [ms since the first move, slider x] samples,
 * the position before the first move included. Arrow keys add samples the same way.
 */
export class DragTrace {
  private started: number | null = null;
  private samples: Array<[number, number]> = [];

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** The handle is pressed (pointer or key) at x: time starts here, before the first move. */
  begin(x: number): void {
    if (this.started !== null) return;
    this.started = this.clock();
    this.samples = [[0, x]];
  }

  move(from: number, to: number): void {
    this.begin(from);
    const now = this.clock();
    const at = Math.round(now - this.started!);
    if (this.samples.length < MAX_TRACE) this.samples.push([at, to]);
    else this.samples[this.samples.length - 1] = [at, to];
  }

  points(): Array<[number, number]> {
    return this.samples.map(([t, x]) => [t, x]);
  }

  reset(): void {
    this.started = null;
    this.samples = [];
  }
}

/**
 * 拖动滑块完成拼图: the piece follows the slider; releasing it asks the server, which answers a
 * one-time pass for the sign-in. A miss loads a new picture (each picture allows one try).
 */
export function SlideCaptcha({ pass, onPass, reloadKey }: { pass: SlidePass | null; onPass: (pass: SlidePass | null) => void; reloadKey: number }) {
  const [slide, setSlide] = useState<Slide | null>(null);
  const [x, setX] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'checking' | 'failed'>('loading');
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const trace = useRef(new DragTrace());

  const load = useCallback(async () => {
    setState('loading');
    setX(0);
    trace.current.reset();
    onPass(null);
    try {
      setSlide(await request<Slide>('captcha/slideCreate', {}, { silent: true }));
      setState('ready');
    } catch {
      setState('failed');
    }
  }, [onPass]);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);
  useEffect(() => () => clearTimeout(settle.current ?? undefined), []);

  const release = async (value: number) => {
    if (!slide || pass) return;
    setState('checking');
    try {
      const answer = await request<{ captcha: string }>('captcha/slideCheck', { captchaToken: slide.captchaToken, x: value, trace: trace.current.points() });
      onPass({ captchaToken: slide.captchaToken, captcha: answer.captcha });
      setState('ready');
    } catch {
      void load();
    }
  };

  if (state === 'failed')
    return <Button variant="minimal" intent="danger" text="滑块验证加载失败，点击重试" onClick={() => void load()} />;
  if (!slide) return <Spinner size={24} />;
  return (
    <div className="fp-slide" data-testid="slide-captcha" style={{ width: slide.width }}>
      <div className="fp-slide__picture" style={{ height: slide.height }}>
        <img src={slide.background} alt="" draggable={false} />
        <img className="fp-slide__piece" src={slide.piece} alt="" draggable={false} style={{ left: x, top: slide.y, width: slide.pieceSize }} />
        <button type="button" className="fp-slide__refresh" title="换一张" aria-label="换一张" onClick={() => void load()}>
          <Icon icon="refresh" size={14} />
        </button>
      </div>
      <div className="fp-slide__track">
        {pass ? (
          <span className="fp-slide__ok" data-testid="slide-passed">
            <Icon icon="tick-circle" className="bp6-intent-success" /> 验证通过
          </span>
        ) : (
          // Pressing the handle starts the trace's clock, so the first move already took time.
          <div onPointerDownCapture={() => trace.current.begin(x)} onKeyDownCapture={() => trace.current.begin(x)}>
            <Slider
              max={slide.width - slide.pieceSize}
              value={x}
              disabled={state !== 'ready'}
              onChange={(next) => {
                trace.current.move(x, next);
                setX(next);
              }}
              // Each arrow key also "releases": the one try goes out once the slider has rested a moment.
              onRelease={(value) => {
                clearTimeout(settle.current ?? undefined);
                settle.current = setTimeout(() => void release(value), SETTLE_MS);
              }}
              handleLabel="拖动滑块完成拼图"
            />
            <span className="fp-slide__hint">向右拖动滑块，使拼图与缺口对齐</span>
          </div>
        )}
      </div>
    </div>
  );
}
