/**
 * The slide captcha (spec §7 slideCreate/slideCheck): a raster picture with a piece cut out and the
 * piece beside it. The gap's x is only in the pixels and in the captcha row, never in the answer.
 * A right slide turns the row's answer into a one-time value the sign-in then spends like the text
 * captcha's answer, so login needs no second path.
 *
 * Issue 21 item 7: the picture must not give the gap away to a rule that reads one colour or one edge.
 * - the background is noisy everywhere (per-pixel noise over a gradient, soft blobs and hard-edged bars),
 *   so no colour is special and edges are everywhere;
 * - every puzzle has its own piece shape (tabs in or out or absent on each side, tab size and place,
 *   corner radius) and its own way of marking the gap: shading sloping between two random factors with per-pixel noise,
 *   an outline that is lighter, darker or absent, of random width, computed from the pixel under it;
 * - two or three decoy gaps of other shapes sit in the same band, marked the same way: only the shape
 *   that matches the piece is the answer.
 * And the check reads how the slider moved (`trace`, [ms, x] samples): long enough, starting at the
 * left, ending where it is released, in several steps at uneven speed — a constant-speed line, a jump
 * or a trace without time is refused like a wrong position (one try per picture).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { PNG } from 'pngjs';
import type { Database } from '../db/schema';
import { CAPTCHA_TTL_MS } from './captcha';

export const SLIDE = { width: 300, height: 150, piece: 48, tolerance: 4 } as const;
const SLIDE_PREFIX = 'slide:';

/** What a drag must look like (issue 21 item 7); see traceProblem. */
export const TRACE = {
  minPoints: 6,
  maxPoints: 1000,
  minDurationMs: 300,
  maxDurationMs: 120_000,
  /** The trace starts at the left end of the track and ends at the released position. */
  startSlack: 12,
  endSlack: 3,
  /** Steps that moved, each with time passing. */
  minMoves: 4,
  /** Coefficient of variation of the step speeds: a constant-speed drag is ~0. */
  minSpeedVariation: 0.2,
  /** No single step may carry more than this share of the way (a click on the track, a jump). */
  maxStepShare: 0.6,
} as const;

type Rgb = [number, number, number];

/** xorshift128 (32-bit words): fast noise for 45 000 pixels, seeded from the system's random source. */
function noiseSource(): () => number {
  const seed = crypto.randomBytes(16);
  let a = seed.readUInt32LE(0) | 1;
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  return () => {
    let t = a ^ (a << 11);
    a = b;
    b = c;
    c = d;
    d = (d ^ (d >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    return d / 0x100000000;
  };
}

const rand = (min: number, max: number) => crypto.randomInt(min, max + 1);
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

type Tab = 'out' | 'in' | 'none';

/** One puzzle's piece: which pixels of the piece's box belong to it, and which of those are its rim. */
export interface PieceShape {
  inside: Uint8Array;
  rim: Uint8Array;
}

/** A random piece inside an s×s box: a rounded square with a tab (out or in, or none) on each side. */
export function randomShape(s = SLIDE.piece): PieceShape {
  const margin = 9;
  const lo = margin;
  const hi = s - margin;
  const corner = rand(0, 6);
  const tabs: Tab[] = Array.from({ length: 4 }, () => (['out', 'in', 'none'] as const)[crypto.randomInt(3)]);
  if (tabs.filter((t) => t !== 'none').length === 0) tabs[crypto.randomInt(4)] = crypto.randomInt(2) === 0 ? 'out' : 'in';
  const radius = tabs.map(() => rand(5, 8));
  const shift = tabs.map(() => rand(-5, 5));
  const mid = s / 2;
  // Tab circle centres on the four sides: top, right, bottom, left.
  const centres: Array<[number, number]> = [
    [mid + shift[0], lo],
    [hi, mid + shift[1]],
    [mid + shift[2], hi],
    [lo, mid + shift[3]],
  ];
  const inBody = (x: number, y: number) => {
    if (x < lo || x >= hi || y < lo || y >= hi) return false;
    if (corner === 0) return true;
    const cx = x < lo + corner ? lo + corner : x >= hi - corner ? hi - corner - 1 : x;
    const cy = y < lo + corner ? lo + corner : y >= hi - corner ? hi - corner - 1 : y;
    return (x - cx) ** 2 + (y - cy) ** 2 <= corner * corner;
  };
  const inside = new Uint8Array(s * s);
  for (let y = 0; y < s; y += 1)
    for (let x = 0; x < s; x += 1) {
      let on = inBody(x, y);
      tabs.forEach((tab, i) => {
        if (tab === 'none') return;
        const [cx, cy] = centres[i];
        const inCircle = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius[i] ** 2;
        if (tab === 'out' && inCircle) on = true;
        if (tab === 'in' && inCircle) on = false;
      });
      inside[y * s + x] = on ? 1 : 0;
    }
  const width = rand(1, 3);
  const rim = new Uint8Array(s * s);
  for (let y = 0; y < s; y += 1)
    for (let x = 0; x < s; x += 1) {
      if (!inside[y * s + x]) continue;
      let edge = false;
      for (let dy = -width; dy <= width && !edge; dy += 1)
        for (let dx = -width; dx <= width && !edge; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= s || ny >= s || !inside[ny * s + nx]) edge = true;
        }
      rim[y * s + x] = edge ? 1 : 0;
    }
  return { inside, rim };
}

/** A noisy background: gradient, soft blobs, hard-edged bars, per-pixel noise. */
function paintBackground(noise: () => number): Float32Array {
  const { width: w, height: h } = SLIDE;
  const from: Rgb = [rand(50, 150), rand(80, 180), rand(120, 220)];
  const to: Rgb = [rand(140, 230), rand(110, 210), rand(50, 150)];
  const blobs = Array.from({ length: rand(14, 22) }, () => ({ cx: rand(0, w), cy: rand(0, h), r: rand(8, 36), color: [rand(0, 255), rand(0, 255), rand(0, 255)] as Rgb, round: crypto.randomInt(2) === 0, alpha: rand(25, 50) / 100 }));
  const bars = Array.from({ length: rand(12, 20) }, () => ({ x: rand(0, w), y: rand(0, h), bw: rand(3, 30), bh: rand(10, h), color: [rand(0, 255), rand(0, 255), rand(0, 255)] as Rgb, alpha: rand(25, 60) / 100 }));
  const amplitude = rand(10, 18);
  const pixels = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const t = (x / w + y / h) / 2;
      const o = (y * w + x) * 3;
      for (let i = 0; i < 3; i += 1) pixels[o + i] = from[i] + (to[i] - from[i]) * t;
    }
  // Shapes are painted over their own boxes, in order, so later ones lie over earlier ones.
  const blend = (x: number, y: number, color: Rgb, alpha: number) => {
    const o = (y * w + x) * 3;
    for (let i = 0; i < 3; i += 1) pixels[o + i] = pixels[o + i] * (1 - alpha) + color[i] * alpha;
  };
  for (const b of blobs) {
    const ry = b.round ? b.r : Math.floor(b.r / 2);
    for (let y = Math.max(0, b.cy - ry); y <= Math.min(h - 1, b.cy + ry); y += 1)
      for (let x = Math.max(0, b.cx - b.r); x <= Math.min(w - 1, b.cx + b.r); x += 1)
        if (!b.round || (x - b.cx) ** 2 + (y - b.cy) ** 2 <= b.r * b.r) blend(x, y, b.color, b.alpha);
  }
  for (const b of bars)
    for (let y = b.y; y < Math.min(h, b.y + b.bh); y += 1) for (let x = b.x; x < Math.min(w, b.x + b.bw); x += 1) blend(x, y, b.color, b.alpha);
  for (let p = 0; p < w * h; p += 1) {
    const grain = (noise() - 0.5) * 2 * amplitude;
    for (let i = 0; i < 3; i += 1) pixels[p * 3 + i] += grain + (noise() - 0.5) * amplitude;
  }
  return pixels;
}

/** How this puzzle marks a gap: shading factor and an outline that is lighter, darker or absent. */
interface GapStyle {
  /** Shading at the left and at the right of the gap (a slope, so its two sides differ). */
  shadeLeft: number;
  shadeRight: number;
  rim: 'light' | 'dark' | 'none';
  rimStrength: number;
}

function randomStyle(): GapStyle {
  return { shadeLeft: rand(50, 85) / 100, shadeRight: rand(50, 85) / 100, rim: (['light', 'dark', 'none'] as const)[crypto.randomInt(3)], rimStrength: rand(20, 50) / 100 };
}

/** Marks one gap into the picture (only where it is still unmarked). */
function markGap(picture: Float32Array, base: Float32Array, shape: PieceShape, gx: number, gy: number, style: GapStyle, noise: () => number) {
  const { width: w, piece: s } = SLIDE;
  for (let py = 0; py < s; py += 1)
    for (let px = 0; px < s; px += 1) {
      const k = py * s + px;
      if (!shape.inside[k]) continue;
      const o = ((gy + py) * w + (gx + px)) * 3;
      const factor = style.shadeLeft + ((style.shadeRight - style.shadeLeft) * px) / s + (noise() - 0.5) * 0.12;
      for (let i = 0; i < 3; i += 1) {
        let v = base[o + i] * factor;
        if (shape.rim[k] && style.rim !== 'none') {
          const strength = style.rimStrength + (noise() - 0.5) * 0.2;
          v = style.rim === 'light' ? v + (255 - v) * strength : v * (1 - strength);
        }
        picture[o + i] = v + (noise() - 0.5) * 10;
      }
    }
}

function toPng(width: number, height: number, rgb: Float32Array, alpha?: Uint8Array): PNG {
  const png = new PNG({ width, height });
  for (let p = 0; p < width * height; p += 1) {
    png.data[p * 4] = clamp(rgb[p * 3]);
    png.data[p * 4 + 1] = clamp(rgb[p * 3 + 1]);
    png.data[p * 4 + 2] = clamp(rgb[p * 3 + 2]);
    png.data[p * 4 + 3] = alpha ? alpha[p] : 255;
  }
  return png;
}

/** Sub filter only: pngjs's adaptive filter choice costs ~50× the time on a noisy picture for 4 % fewer bytes. */
const dataUrl = (png: PNG, opaque: boolean) =>
  `data:image/png;base64,${PNG.sync.write(png, { filterType: 1, colorType: opaque ? 2 : 6, inputHasAlpha: true }).toString('base64')}`;

/** Left edges of 2–3 decoys in the band of the gap, clear of the gap and of each other. */
function decoyPlaces(gx: number): number[] {
  const { width: w, piece: s } = SLIDE;
  const places: number[] = [];
  const wanted = rand(2, 3);
  for (let tries = 0; tries < 50 && places.length < wanted; tries += 1) {
    const x = rand(2, w - s - 2);
    if ([gx, ...places].every((other) => Math.abs(other - x) >= s + 4)) places.push(x);
  }
  return places;
}

/** The picture with the gap at (gx, gy), its decoys, and the piece cut from the same place. */
export function drawSlide(gx: number, gy: number): { background: string; piece: string } {
  const { width: w, height: h, piece: s } = SLIDE;
  const noise = noiseSource();
  const base = paintBackground(noise);
  const picture = Float32Array.from(base);
  const style = randomStyle();
  const shape = randomShape();
  for (const dx of decoyPlaces(gx)) markGap(picture, base, randomShape(), dx, gy, style, noise);
  markGap(picture, base, shape, gx, gy, style, noise);

  // The piece: the background it was cut from, with a faint rim lighter than the pixel under it.
  const pieceRgb = new Float32Array(s * s * 3);
  const pieceAlpha = new Uint8Array(s * s);
  for (let py = 0; py < s; py += 1)
    for (let px = 0; px < s; px += 1) {
      const k = py * s + px;
      if (!shape.inside[k]) continue;
      const o = ((gy + py) * w + (gx + px)) * 3;
      for (let i = 0; i < 3; i += 1) {
        const v = base[o + i];
        pieceRgb[k * 3 + i] = (shape.rim[k] ? v + (255 - v) * (0.35 + (noise() - 0.5) * 0.2) : v) + (noise() - 0.5) * 8;
      }
      pieceAlpha[k] = 255;
    }
  return { background: dataUrl(toPng(w, h, picture), true), piece: dataUrl(toPng(s, s, pieceRgb, pieceAlpha), false) };
}

export async function createSlide(db: Kysely<Database>, now: number) {
  const gx = rand(SLIDE.piece + 20, SLIDE.width - SLIDE.piece - 4);
  const gy = rand(4, SLIDE.height - SLIDE.piece - 4);
  const captchaToken = crypto.randomBytes(24).toString('hex');
  await db.deleteFrom('captcha').where('createdAt', '<', now - CAPTCHA_TTL_MS).execute();
  await db.insertInto('captcha').values({ captchaToken, answer: `${SLIDE_PREFIX}${gx}`, createdAt: now, usedAt: null }).execute();
  return { captchaToken, ...drawSlide(gx, gy), y: gy, width: SLIDE.width, height: SLIDE.height, pieceSize: SLIDE.piece };
}

/** A drag as the browser saw it: [milliseconds since it started, slider x] samples in order. */
export type Trace = Array<[number, number]>;

/** Whether a value is a well-formed trace (shape only; traceProblem judges it). */
export function isTrace(value: unknown): value is Trace {
  return (
    Array.isArray(value) &&
    value.length <= TRACE.maxPoints &&
    value.every((p) => Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n)))
  );
}

/** Why a trace does not look like a person's drag ending at x, or null. The reasons are for tests and logs. */
export function traceProblem(trace: Trace, x: number): string | null {
  if (trace.length < TRACE.minPoints) return 'too few points';
  for (let i = 1; i < trace.length; i += 1) if (trace[i][0] < trace[i - 1][0]) return 'time goes back';
  const duration = trace[trace.length - 1][0] - trace[0][0];
  if (duration < TRACE.minDurationMs) return 'too fast';
  if (duration > TRACE.maxDurationMs) return 'too slow';
  if (trace[0][1] > TRACE.startSlack) return 'does not start at the left';
  if (Math.abs(trace[trace.length - 1][1] - x) > TRACE.endSlack) return 'does not end at the released position';
  const distance = Math.abs(trace[trace.length - 1][1] - trace[0][1]);
  if (distance === 0) return 'no movement';
  // Samples within the same millisecond (events the browser delivered together) count as one step.
  const speeds: number[] = [];
  let from = trace[0];
  for (let i = 1; i < trace.length; i += 1) {
    const dt = trace[i][0] - from[0];
    const dx = Math.abs(trace[i][1] - from[1]);
    if (dx > distance * TRACE.maxStepShare) return 'a jump';
    if (dt <= 0) continue;
    if (dx > 0) speeds.push(dx / dt);
    from = trace[i];
  }
  if (speeds.length < TRACE.minMoves) return 'too few moves';
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const sd = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length);
  if (sd / mean < TRACE.minSpeedVariation) return 'constant speed';
  return null;
}

/**
 * One try per picture: a slide within the tolerance, with a person-like trace, answers the one-time
 * value the sign-in sends as its captcha; a miss (position or trace) spends the picture.
 */
export async function checkSlide(db: Kysely<Database>, captchaToken: string, x: number, now: number, trace: unknown = []): Promise<string | null> {
  const row = await db.selectFrom('captcha').selectAll().where('captchaToken', '=', captchaToken).executeTakeFirst();
  if (!row || row.usedAt !== null || now - row.createdAt > CAPTCHA_TTL_MS || !row.answer.startsWith(SLIDE_PREFIX)) return null;
  const gx = Number(row.answer.slice(SLIDE_PREFIX.length));
  if (!Number.isFinite(x) || Math.abs(x - gx) > SLIDE.tolerance || !isTrace(trace) || traceProblem(trace, x) !== null) {
    await db.updateTable('captcha').set({ usedAt: now }).where('captchaToken', '=', captchaToken).execute();
    return null;
  }
  const pass = crypto.randomBytes(6).toString('hex');
  // Only the row still holding the slide answer may turn into a pass (a second check finds none).
  const turned = await db.updateTable('captcha').set({ answer: pass }).where('captchaToken', '=', captchaToken).where('answer', '=', row.answer).where('usedAt', 'is', null).executeTakeFirst();
  return Number(turned.numUpdatedRows) === 1 ? pass : null;
}
