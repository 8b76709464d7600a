import { displayName, organisationName, type SignedInUser } from '../session/user';

export const WATERMARK_ID = 'flexpay-watermark';
/** Spec §9: one 320x120 tile, text rotated 15 degrees. */
const TILE_WIDTH = 320;
const TILE_HEIGHT = 120;
const ROTATION_RAD = (-15 * Math.PI) / 180;
const LINE_HEIGHT = 22;
/**
 * The watermark's ink: grey 120 at 6 % (was 16 %). Issue 27: drawn over the grid it may not take any
 * text below 4.5:1; at 6 % it darkens white by 8 levels (#f8f8f8), the theme's lightest text colours
 * keep ≥ 5:1 (test/watermark-contrast.test.ts), and the tile still shows on a white page.
 */
export const WATERMARK_INK = { rgb: [120, 120, 120] as const, alpha: 0.06 };
/** Backup for changes an observer cannot see (e.g. a stylesheet hiding the element). */
const CHECK_INTERVAL_MS = 1000;

function drawTile(lines: string[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = TILE_WIDTH;
  canvas.height = TILE_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.translate(TILE_WIDTH / 2, TILE_HEIGHT / 2);
  ctx.rotate(ROTATION_RAD);
  ctx.font = '15px "PingFang SC", "Microsoft YaHei", sans-serif';
  ctx.fillStyle = `rgba(${WATERMARK_INK.rgb.join(', ')}, ${WATERMARK_INK.alpha})`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const top = -((lines.length - 1) * LINE_HEIGHT) / 2;
  lines.forEach((line, index) => ctx.fillText(line, 0, top + index * LINE_HEIGHT));
  return canvas.toDataURL('image/png');
}

/** Inline !important declarations beat any stylesheet rule that tries to hide the element. */
function styleFor(image: string): string {
  return [
    'position: fixed',
    'inset: 0',
    'width: 100vw',
    'height: 100vh',
    'pointer-events: none',
    'z-index: 9999',
    'display: block',
    'visibility: visible',
    'opacity: 1',
    `background-image: url("${image}")`,
    'background-repeat: repeat',
    `background-size: ${TILE_WIDTH}px ${TILE_HEIGHT}px`,
  ]
    .map((declaration) => `${declaration} !important`)
    .join('; ');
}

let stopCurrent: (() => void) | null = null;

/**
 * Shows the tamper-resistant watermark of spec §2: removing, restyling or re-attributing the element
 * puts a fresh one back at once (observers) or within a second (interval). Starting again replaces the
 * previous watermark; the returned function removes it for real.
 */
export function startWatermark(lines: string[]): () => void {
  stopCurrent?.();
  const style = styleFor(drawTile(lines));
  let element: HTMLDivElement | null = null;
  let observers: MutationObserver[] = [];

  const intact = (el: HTMLDivElement) =>
    el.isConnected &&
    el.parentNode === document.body &&
    el.attributes.length === 2 &&
    el.id === WATERMARK_ID &&
    el.getAttribute('style') === style &&
    el.childNodes.length === 0 &&
    getComputedStyle(el).display !== 'none' &&
    getComputedStyle(el).visibility !== 'hidden';

  const detach = () => {
    observers.forEach((observer) => observer.disconnect());
    observers = [];
    element?.remove();
    element = null;
  };

  const attach = () => {
    const el = document.createElement('div');
    el.id = WATERMARK_ID;
    el.setAttribute('style', style);
    document.body.appendChild(el);
    element = el;
    const onAttributes = new MutationObserver(ensure);
    onAttributes.observe(el, { attributes: true, childList: true, characterData: true, subtree: true });
    const onParent = new MutationObserver((records) => {
      if (records.some((record) => [...record.removedNodes].includes(el))) ensure();
    });
    onParent.observe(document.body, { childList: true });
    observers = [onAttributes, onParent];
  };

  function ensure() {
    if (element && intact(element)) return;
    detach();
    attach();
  }

  attach();
  const timer = setInterval(ensure, CHECK_INTERVAL_MS);
  const stop = () => {
    clearInterval(timer);
    detach();
    if (stopCurrent === stop) stopCurrent = null;
  };
  stopCurrent = stop;
  return stop;
}

/** The two watermark lines: who is signed in and for which organisation. */
export function watermarkLines(user: SignedInUser): string[] {
  return [displayName(user), organisationName(user)].filter((line) => line !== '');
}
