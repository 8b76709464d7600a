import type { Trace } from '../../src/security/slide-captcha';

/** A person-like drag to x: eases out with uneven steps and pauses, a small overshoot corrected. */
export function humanTrace(x: number): Trace {
  const trace: Trace = [[0, 0]];
  let t = 0;
  const steps = 18;
  for (let i = 1; i <= steps; i += 1) {
    t += 12 + Math.round(Math.random() * 30) + (i > steps - 4 ? 40 : 0);
    const eased = 1 - (1 - i / steps) ** 3;
    trace.push([t, Math.min(x + 3, Math.round((x + 3) * eased))]);
  }
  t += 120;
  trace.push([t, x + 1]);
  t += 90;
  trace.push([t, x]);
  return trace;
}

/** A bot's drag: the same number of samples at one speed in a straight line. */
export function straightTrace(x: number): Trace {
  return Array.from({ length: 31 }, (_, i) => [i * 20, Math.round((x * i) / 30)] as [number, number]);
}
