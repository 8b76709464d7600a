import { DragTrace } from '../src/login/slide-captcha';

/** Issue 21 item 7: the slide captcha sends the drag it saw, [ms since the first move, x] samples. */
describe('DragTrace', () => {
  test('records the start position and each move with the time since the first move', () => {
    let now = 1000;
    const trace = new DragTrace(() => now);
    trace.move(0, 5);
    now += 30;
    trace.move(5, 40);
    now += 55.4;
    trace.move(40, 38);
    expect(trace.points()).toEqual([
      [0, 0],
      [0, 5],
      [30, 40],
      [85, 38],
    ]);
    trace.reset();
    expect(trace.points()).toEqual([]);
    now += 100;
    trace.move(0, 3);
    expect(trace.points()).toEqual([
      [0, 0],
      [0, 3],
    ]);
  });

  test('pressing the handle starts the clock before the first move', () => {
    let now = 500;
    const trace = new DragTrace(() => now);
    trace.begin(0);
    now += 40;
    trace.move(0, 6);
    now += 25;
    trace.begin(6); // a second press in the same drag changes nothing
    trace.move(6, 20);
    expect(trace.points()).toEqual([
      [0, 0],
      [40, 6],
      [65, 20],
    ]);
  });

  test('keeps at most 400 samples, the last one always the latest position', () => {
    let now = 0;
    const trace = new DragTrace(() => now);
    for (let x = 1; x <= 1000; x += 1) {
      now += 5;
      trace.move(x - 1, x);
    }
    const points = trace.points();
    expect(points).toHaveLength(400);
    expect(points[points.length - 1]).toEqual([4995, 1000]);
  });
});
