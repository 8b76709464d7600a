/**
 * A background job's timer (the statement mail, the overdue packages, the e-sign scheduler): `work` runs
 * now and every `everyMs`, one run at a time (a slow run delays the next, never overlaps it). Errors are
 * reported to `onError`, never thrown out of the timer. The timer does not keep the process alive. Answers
 * the stop function: the server awaits it on close (the run under way finishes) before the database closes.
 */
export function startPeriodic(work: () => Promise<unknown>, everyMs: number, onError?: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(work).catch((error: unknown) => onError?.(error));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
