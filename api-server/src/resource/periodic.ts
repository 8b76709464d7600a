/**
 * A background job's timer (the statement mail, the overdue packages, the e-sign scheduler): `work` runs
 * now and every `everyMs`, one run at a time (a slow run delays the next, never overlaps it). Errors are
 * reported to `onError`, never thrown out of the timer. The timer does not keep the process alive. Answers
 * the stop function: the server awaits it on close (the run under way finishes) before the database closes. A run
 * that loops (the order worker steps while orders are due) asks `going()` between its steps and ends once stop was called.
 */
export function startPeriodic(work: (going: () => boolean) => Promise<unknown>, everyMs: number, onError?: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = running.then(() => work(() => !stopped)).catch((error: unknown) => onError?.(error));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
