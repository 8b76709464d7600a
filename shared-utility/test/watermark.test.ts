/** @jest-environment jsdom */
import { startWatermark, WATERMARK_ID, watermarkLines } from '../src/watermark';
import { toSignedInUser } from '../src/session/user';

// jsdom has no canvas; a recording stand-in shows what would be drawn.
const drawn: string[] = [];
const rotations: number[] = [];
const fakeContext = {
  translate: () => undefined,
  rotate: (rad: number) => rotations.push(rad),
  fillText: (text: string) => drawn.push(text),
} as unknown as CanvasRenderingContext2D;
HTMLCanvasElement.prototype.getContext = (() => fakeContext) as unknown as HTMLCanvasElement['getContext'];
HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,WATERMARK';

const watermark = () => document.getElementById(WATERMARK_ID);

async function within(ms: number, check: () => boolean): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('watermark (spec §2, §9)', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    drawn.length = 0;
    rotations.length = 0;
    stop = startWatermark(['王五', '某企业']);
  });
  afterEach(() => stop());

  it('draws both lines on a rotated 320x120 tile used as a fixed, click-through background', () => {
    expect(drawn).toEqual(['王五', '某企业']);
    expect(Math.abs(rotations[0])).toBeCloseTo((15 * Math.PI) / 180);
    const el = watermark()!;
    expect(el.parentElement).toBe(document.body);
    expect(el.style.position).toBe('fixed');
    expect(el.style.pointerEvents).toBe('none');
    expect(el.style.backgroundImage).toContain('WATERMARK');
    expect(el.style.backgroundSize).toBe('320px 120px');
  });

  it('comes back within 1.2 s after being removed from the DOM', async () => {
    watermark()!.remove();
    expect(await within(1200, () => watermark() !== null)).toBe(true);
    expect(document.querySelectorAll(`#${WATERMARK_ID}`)).toHaveLength(1);
  });

  it('is restored after being restyled or given extra attributes', async () => {
    watermark()!.style.display = 'none';
    expect(await within(1200, () => watermark()?.style.display === 'block')).toBe(true);
    watermark()!.setAttribute('hidden', '');
    expect(await within(1200, () => watermark() !== null && !watermark()!.hasAttribute('hidden'))).toBe(true);
  });

  it('stays visible when a stylesheet tries to hide it', async () => {
    const sheet = document.createElement('style');
    sheet.textContent = `#${WATERMARK_ID} { visibility: hidden; }`;
    document.head.appendChild(sheet);
    const before = watermark();
    // Inline !important wins over the sheet, so the element stays visible and untouched.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(getComputedStyle(watermark()!).visibility).toBe('visible');
    expect(watermark()).toBe(before);
    sheet.remove();
  });

  it('stops for real, and starting again replaces the previous watermark', async () => {
    const again = startWatermark(['另一个用户']);
    expect(document.querySelectorAll(`#${WATERMARK_ID}`)).toHaveLength(1);
    again();
    expect(watermark()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(watermark()).toBeNull();
  });

  it('watermarkLines gives the display name and the organisation', () => {
    const user = toSignedInUser({
      userInfo: {
        userId: 1, username: 'enterprise01', name: null, phone: null, email: null, weChat: null, avatar: null, guideStep: 0,
        adminType: 40, terCode: null, isTopAdmin: 1, sex: 0, remark: null, status: 0, permTree: [],
      },
      permCodes: [], entMO: { entName: '某企业' }, merchtMO: null,
    });
    expect(watermarkLines(user)).toEqual(['管理员[enterprise01]', '某企业']);
  });
});
