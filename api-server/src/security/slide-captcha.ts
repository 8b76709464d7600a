/**
 * The slide captcha (spec §7 slideCreate/slideCheck): a raster picture with a piece cut out and the
 * piece beside it. The gap's x is only in the pixels and in the captcha row, never in the answer.
 * A right slide turns the row's answer into a one-time value the sign-in then spends like the text
 * captcha's answer, so login needs no second path.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { PNG } from 'pngjs';
import type { Database } from '../db/schema';
import { CAPTCHA_TTL_MS } from './captcha';

export const SLIDE = { width: 300, height: 150, piece: 48, tolerance: 4 } as const;
const SLIDE_PREFIX = 'slide:';

type Rgb = [number, number, number];
const rand = (min: number, max: number) => crypto.randomInt(min, max + 1);

/** A rounded square with a round tab on top: where a pixel (relative to the piece's box) belongs. */
function pieceMask(x: number, y: number): 'in' | 'edge' | 'out' {
  const s = SLIDE.piece;
  const tab = 9;
  const top = tab; // the square starts below the tab
  const inSquare = x >= 0 && x < s && y >= top && y < top + s - tab;
  const dx = x - s / 2;
  const dy = y - top;
  const inTab = dx * dx + dy * dy <= tab * tab;
  if (!inSquare && !inTab) return 'out';
  const nearSquareEdge = inSquare && (x < 2 || x >= s - 2 || y >= top + s - tab - 2 || (y < top + 2 && Math.abs(dx) > tab));
  const nearTabEdge = inTab && !inSquare && dx * dx + dy * dy >= (tab - 2) * (tab - 2);
  return nearSquareEdge || nearTabEdge ? 'edge' : 'in';
}

function paintBackground(): Buffer {
  const { width: w, height: h } = SLIDE;
  const from: Rgb = [rand(60, 140), rand(90, 170), rand(140, 220)];
  const to: Rgb = [rand(150, 230), rand(120, 200), rand(60, 140)];
  const pixels = Buffer.alloc(w * h * 4);
  const shapes = Array.from({ length: 18 }, () => ({ cx: rand(0, w), cy: rand(0, h), r: rand(8, 36), color: [rand(0, 255), rand(0, 255), rand(0, 255)] as Rgb, round: crypto.randomInt(2) === 0 }));
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const t = (x / w + y / h) / 2;
      let c: Rgb = [0, 1, 2].map((i) => from[i] + (to[i] - from[i]) * t) as Rgb;
      for (const s of shapes) {
        const inside = s.round ? (x - s.cx) ** 2 + (y - s.cy) ** 2 <= s.r * s.r : Math.abs(x - s.cx) <= s.r && Math.abs(y - s.cy) <= s.r / 2;
        if (inside) c = c.map((v, i) => v * 0.6 + s.color[i] * 0.4) as Rgb;
      }
      const o = (y * w + x) * 4;
      pixels[o] = c[0];
      pixels[o + 1] = c[1];
      pixels[o + 2] = c[2];
      pixels[o + 3] = 255;
    }
  return pixels;
}

const dataUrl = (png: PNG) => `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;

/** The picture with the gap at (gx, gy) and the piece cut from the same place. */
export function drawSlide(gx: number, gy: number): { background: string; piece: string } {
  const { width: w, height: h, piece: s } = SLIDE;
  const base = paintBackground();
  const background = new PNG({ width: w, height: h });
  base.copy(background.data);
  const piece = new PNG({ width: s, height: s });
  for (let py = 0; py < s; py += 1)
    for (let px = 0; px < s; px += 1) {
      const where = pieceMask(px, py);
      if (where === 'out') continue;
      const o = ((gy + py) * w + (gx + px)) * 4;
      const p = (py * s + px) * 4;
      for (let i = 0; i < 3; i += 1) {
        piece.data[p + i] = where === 'edge' ? 255 : base[o + i];
        background.data[o + i] = where === 'edge' ? 235 : Math.round(base[o + i] * 0.4);
      }
      piece.data[p + 3] = 255;
    }
  return { background: dataUrl(background), piece: dataUrl(piece) };
}

export async function createSlide(db: Kysely<Database>, now: number) {
  const gx = rand(SLIDE.piece + 20, SLIDE.width - SLIDE.piece - 4);
  const gy = rand(4, SLIDE.height - SLIDE.piece - 4);
  const captchaToken = crypto.randomBytes(24).toString('hex');
  await db.deleteFrom('captcha').where('createdAt', '<', now - CAPTCHA_TTL_MS).execute();
  await db.insertInto('captcha').values({ captchaToken, answer: `${SLIDE_PREFIX}${gx}`, createdAt: now, usedAt: null }).execute();
  return { captchaToken, ...drawSlide(gx, gy), y: gy, width: SLIDE.width, height: SLIDE.height, pieceSize: SLIDE.piece };
}

/**
 * One try per picture: a slide within the tolerance answers the one-time value the sign-in sends as
 * its captcha; a miss spends the picture.
 */
export async function checkSlide(db: Kysely<Database>, captchaToken: string, x: number, now: number): Promise<string | null> {
  const row = await db.selectFrom('captcha').selectAll().where('captchaToken', '=', captchaToken).executeTakeFirst();
  if (!row || row.usedAt !== null || now - row.createdAt > CAPTCHA_TTL_MS || !row.answer.startsWith(SLIDE_PREFIX)) return null;
  const gx = Number(row.answer.slice(SLIDE_PREFIX.length));
  if (!Number.isFinite(x) || Math.abs(x - gx) > SLIDE.tolerance) {
    await db.updateTable('captcha').set({ usedAt: now }).where('captchaToken', '=', captchaToken).execute();
    return null;
  }
  const pass = crypto.randomBytes(6).toString('hex');
  // Only the row still holding the slide answer may turn into a pass (a second check finds none).
  const turned = await db.updateTable('captcha').set({ answer: pass }).where('captchaToken', '=', captchaToken).where('answer', '=', row.answer).where('usedAt', 'is', null).executeTakeFirst();
  return Number(turned.numUpdatedRows) === 1 ? pass : null;
}
