/**
 * resource/periodic.ts: a job's timer runs its work now and every interval, one run at a time; the stop waits for
 * the run under way, and a run that loops sees `going()` turn false once stop was called, so it ends between steps.
 */
import { startPeriodic } from '../src/resource/periodic';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a looping run ends between its steps once stop is called; stop waits for it; no step is taken after', async () => {
  let steps = 0;
  const stop = startPeriodic(async (going) => {
    while (going()) {
      steps += 1;
      await tick(5);
    }
  }, 10);
  while (steps < 3) await tick(5);
  const before = steps;
  await stop();
  const after = steps;
  expect(after - before).toBeLessThanOrEqual(1);
  await tick(40);
  expect(steps).toBe(after);
});

test('runs never overlap and errors go to onError, not out of the timer', async () => {
  const errors: unknown[] = [];
  let active = 0;
  let most = 0;
  let runs = 0;
  const stop = startPeriodic(async () => {
    active += 1;
    most = Math.max(most, active);
    runs += 1;
    await tick(15);
    active -= 1;
    if (runs === 1) throw new Error('once');
  }, 5, (error) => errors.push(error));
  while (runs < 3) await tick(5);
  await stop();
  expect(most).toBe(1);
  expect(runs).toBeGreaterThan(1);
  expect(errors.map((e) => (e as Error).message)).toEqual(['once']);
});
