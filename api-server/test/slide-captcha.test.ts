import { PNG } from 'pngjs';
import { drawSlide, SLIDE, traceProblem, type Trace } from '../src/security/slide-captcha';
import { humanTrace, straightTrace } from './support/slide-trace';

/**
 * Issue 21 item 7: the slide picture must not give its gap away to a rule reading one colour or one
 * edge, and the check reads the drag. Solvers below see what a bot sees (the two PNGs and y) and
 * guess the gap's x; each must miss (outside the tolerance) in at least 80 % of 100 puzzles (measured
 * 2026-11: the best, the strongest edge minus the tab margin, finds about 12 %; today's outline colour 0 %).
 */
const PUZZLES = 100;
const { width: W, height: H, piece: S, tolerance: TOL } = SLIDE;

interface Puzzle {
  gx: number;
  gy: number;
  rgb: (x: number, y: number) => [number, number, number];
}

function decode(url: string): PNG {
  return PNG.sync.read(Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

const puzzles: Puzzle[] = Array.from({ length: PUZZLES }, () => {
  const gx = S + 20 + Math.floor(Math.random() * (W - 2 * S - 24));
  const gy = 4 + Math.floor(Math.random() * (H - S - 8));
  const png = decode(drawSlide(gx, gy).background);
  const rgb = (x: number, y: number): [number, number, number] => {
    const o = (y * W + x) * 4;
    return [png.data[o], png.data[o + 1], png.data[o + 2]];
  };
  return { gx, gy, rgb };
});

const brightness = (p: Puzzle, x: number, y: number) => {
  const [r, g, b] = p.rgb(x, y);
  return 0.299 * r + 0.587 * g + 0.114 * b;
};
const key = ([r, g, b]: [number, number, number]) => (r << 16) | (g << 8) | b;

/** The leftmost x in the gap's band holding a colour, or null. */
function leftmostOf(p: Puzzle, colour: number): number | null {
  for (let x = 0; x < W; x += 1) for (let y = p.gy; y < p.gy + S; y += 1) if (key(p.rgb(x, y)) === colour) return x;
  return null;
}

const solvers: Record<string, (p: Puzzle) => number | null> = {
  // Today's leak: the outline's constant colour (235,235,235), leftmost pixel.
  'outline colour 235': (p) => leftmostOf(p, key([235, 235, 235])),
  // Any other single colour: the band's most frequent exact colour, leftmost pixel.
  'most frequent colour': (p) => {
    const counts = new Map<number, number>();
    for (let y = p.gy; y < p.gy + S; y += 1) for (let x = 0; x < W; x += 1) counts.set(key(p.rgb(x, y)), (counts.get(key(p.rgb(x, y))) ?? 0) + 1);
    const [colour] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    return leftmostOf(p, colour);
  },
  // The brightest colour of the band (a light outline), leftmost pixel.
  'brightest colour': (p) => {
    let best = -1;
    let at: number | null = null;
    for (let x = 0; x < W; x += 1)
      for (let y = p.gy; y < p.gy + S; y += 1)
        if (brightness(p, x, y) > best) {
          best = brightness(p, x, y);
          at = x;
        }
    return at;
  },
  // Shading: the darkest piece-wide window of the band.
  'darkest window': (p) => {
    let best = Infinity;
    let at = 0;
    for (let x0 = 0; x0 + S <= W; x0 += 1) {
      let sum = 0;
      for (let x = x0; x < x0 + S; x += 2) for (let y = p.gy + 10; y < p.gy + S - 10; y += 2) sum += brightness(p, x, y);
      if (sum < best) {
        best = sum;
        at = x0;
      }
    }
    return at;
  },
  // Edges: the column with the strongest brightness change along the band, and that minus the tab margin.
  'strongest vertical edge': (p) => strongestEdge(p),
  'strongest vertical edge − margin': (p) => strongestEdge(p) - 9,
};

function strongestEdge(p: Puzzle): number {
  let best = -1;
  let at = 0;
  for (let x = 1; x < W; x += 1) {
    let sum = 0;
    for (let y = p.gy + 9; y < p.gy + S - 9; y += 1) sum += Math.abs(brightness(p, x, y) - brightness(p, x - 1, y));
    if (sum > best) {
      best = sum;
      at = x;
    }
  }
  return at;
}

describe('slide picture against one-colour and one-edge rules', () => {
  test.each(Object.keys(solvers))('%s misses at least 80 %% of the puzzles', (name) => {
    const hits = puzzles.filter((p) => {
      const guess = solvers[name](p);
      return guess !== null && Math.abs(guess - p.gx) <= TOL;
    }).length;
    // The measured rate is in the failure message when the rule finds too many.
    expect({ name, hitRate: hits / PUZZLES }).toEqual({ name, hitRate: expect.any(Number) });
    expect(hits / PUZZLES).toBeLessThanOrEqual(0.2);
  });

  test('the piece keeps the gap shape: transparent outside, opaque inside, the box of the piece size', () => {
    const piece = decode(drawSlide(100, 50).piece);
    expect([piece.width, piece.height]).toEqual([S, S]);
    const alpha = (x: number, y: number) => piece.data[(y * S + x) * 4 + 3];
    expect(alpha(S / 2, S / 2)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
  });
});

describe('drag traces', () => {
  const x = 150;
  test('a person-like drag passes', () => {
    for (let i = 0; i < 20; i += 1) expect(traceProblem(humanTrace(x), x)).toBeNull();
    // Two events in one millisecond (the first move at the press's time, coalesced events) are one step.
    const trace = humanTrace(x);
    trace.splice(1, 0, [0, 4]);
    trace.splice(6, 0, [trace[5][0], trace[5][1] + 1]);
    expect(traceProblem(trace, x)).toBeNull();
  });

  test('a straight constant-speed drag, an instant one, a jump and no trace are refused', () => {
    expect(traceProblem(straightTrace(x), x)).toBe('constant speed');
    expect(traceProblem([[0, 0], [1, x]], x)).toBe('too few points');
    expect(traceProblem(Array.from({ length: 10 }, (_, i) => [i, (x * i) / 9] as [number, number]), x)).toBe('too fast');
    const jump: Trace = [[0, 0], [100, 2], [250, 5], [400, 9], [600, 12], [700, x]];
    expect(traceProblem(jump, x)).toBe('a jump');
    expect(traceProblem([], x)).toBe('too few points');
    // A trace that ends elsewhere than the answer sent.
    expect(traceProblem(humanTrace(x), x + 30)).toBe('does not end at the released position');
  });
});
