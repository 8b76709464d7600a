import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { NO_GUIDE } from './support/kit-screen';
import { type AccountKind, DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 27: axe-core over every screen an account's sidebar links to (so a new screen is audited by
 * construction), the login page, a form dialog, a detail dialog and the command palette. WCAG 2.0/2.1
 * A and AA rules; any serious or critical violation fails, moderate and minor ones are listed in the
 * test's attachment and on the console.
 */
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

class Audit {
  readonly findings: Finding[] = [];
  constructor(private readonly page: Page) {}

  /** Runs axe over the page (or the part `include` selects) and keeps every violation found. */
  async check(where: string, include?: string): Promise<void> {
    // A dialog fading in has its colours half blended: audit once transitions have ended.
    await this.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    let builder = new AxeBuilder({ page: this.page }).withTags(TAGS);
    if (include) builder = builder.include(include);
    const started = Date.now();
    const result = await builder.analyze();
    // A target names the element; a contrast failure also says its colours and ratio.
    const target = (n: { target: unknown[]; any: Array<{ id: string; message: string }> }) => {
      const contrast = n.any.find((c) => c.id === 'color-contrast');
      return contrast ? `${n.target.join(' ')} (${contrast.message})` : n.target.join(' ');
    };
    const found = result.violations.map((v) => ({ where, rule: v.id, impact: v.impact ?? 'unknown', help: v.help, targets: v.nodes.slice(0, 5).map(target) }));
    this.findings.push(...found);
    if (process.env.FLEXPAY_A11Y_VERBOSE) console.log(`${where} (${Date.now() - started} ms): ${found.map((f) => `${f.impact}:${f.rule} ${f.targets.join(' | ')}`).join('\n  ') || '—'}`);
  }

  blocking(): Finding[] {
    return this.findings.filter((f) => BLOCKING.has(f.impact));
  }

  async report(testInfo: TestInfo, label: string): Promise<void> {
    const lines = this.findings.map((f) => `[${f.impact}] ${f.where} — ${f.rule}: ${f.help}\n    ${f.targets.join('\n    ')}`);
    const text = lines.length ? lines.join('\n') : '没有违规项';
    await testInfo.attach(`axe-${label}.txt`, { body: text, contentType: 'text/plain' });
    const counts = this.findings.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.impact]: (acc[f.impact] ?? 0) + 1 }), {});
    console.log(`axe ${label}: ${JSON.stringify(counts)}\n${lines.filter((l) => !/^\[(serious|critical)\]/.test(l)).join('\n')}`);
  }
}

/** Waits until no /api/ call has been in flight for a short quiet period (a screen's first load). */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    if (inFlight() === 0) {
      if (!quietSince) quietSince = Date.now();
      if (Date.now() - quietSince >= 400) break;
    } else quietSince = 0;
    await page.waitForTimeout(100);
  }
  // Spinners of a screen still loading (a button's own spinner is not the screen's).
  await expect(page.locator('#main-region .bp6-spinner:not(.bp6-button-spinner)')).toHaveCount(0);
}

function trackRequests(page: Page): () => number {
  const pending = new Set<unknown>();
  page.on('request', (r) => r.url().includes('/api/') && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return () => pending.size;
}

/** Moves to a path inside the single-spa page (no reload) and waits for its screen to load. */
async function open(page: Page, path: string, inFlight: () => number): Promise<void> {
  await page.evaluate((url) => window.history.pushState(null, '', url), path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await expect(page.locator('#main-region')).not.toBeEmpty();
  await settled(page, inFlight);
}

/** The screens the account's sidebar links to, in menu order (home first). */
async function sidebarPaths(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByTestId('sidebar')
    .locator('a[data-menu-path]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('/')));
  return ['/dashboard', ...new Set(hrefs.filter((href) => href !== '/dashboard'))];
}

test('登录页没有严重的无障碍违规', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByLabel('用户名')).toBeVisible();
  const audit = new Audit(page);
  await audit.check('/login');
  await audit.report(testInfo, 'login');
  expect(audit.blocking(), '登录页有严重（serious/critical）的无障碍违规').toEqual([]);
});

const KINDS: AccountKind[] = ['SYS', 'SPR', 'MER', 'ENT'];

for (const kind of KINDS) {
  test(`${kind}：侧边栏的每个页面没有严重的无障碍违规`, async ({ browser }, testInfo) => {
    const context = await browser.newContext();
    await context.addInitScript(NO_GUIDE);
    const page = await context.newPage();
    const inFlight = trackRequests(page);
    await signInAndWait(page, DEMO_ACCOUNTS[kind]);
    const audit = new Audit(page);

    const paths = await sidebarPaths(page);
    expect(paths.length).toBeGreaterThan(5);
    for (const [i, path] of paths.entries()) {
      await open(page, path, inFlight);
      // The shell (sidebar, top bar, tabs) is the same on every screen: audited whole on the first two
      // screens (home and a list), then only the screen's own region — a third of the time per screen.
      await audit.check(path, i < 2 ? undefined : '#main-region');
    }

    if (kind === 'SYS') {
      // A form dialog: 新增 on 税源地.
      await open(page, '/supplier/taxsource', inFlight);
      await page.getByTestId('screen-taxSource').getByRole('button', { name: '新增' }).click();
      await expect(page.locator('.bp6-dialog')).toBeVisible();
      await audit.check('新增税源地（表单对话框）', '.bp6-portal');
      await page.keyboard.press('Escape');
      await expect(page.locator('.bp6-dialog')).toHaveCount(0);

      // A detail dialog: 详情 of the first 代发订单.
      await open(page, '/order/index', inFlight);
      const row = page.locator('.fp-grid tbody tr').first();
      await row.locator('td.fp-grid-actions').getByRole('button', { name: '详情' }).click();
      await expect(page.getByTestId('kit-detail')).toBeVisible();
      await settled(page, inFlight);
      await audit.check('代发订单详情（详情对话框）', '.bp6-portal');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('kit-detail')).toHaveCount(0);

      // The command palette.
      await page.keyboard.press('Control+k');
      await expect(page.getByTestId('command-palette')).toBeVisible();
      await page.getByTestId('command-palette').getByRole('textbox').fill('dd');
      await audit.check('快速跳转（Ctrl+K）', '.bp6-portal');
      await page.keyboard.press('Escape');
    }

    await audit.report(testInfo, kind);
    expect(audit.blocking(), `${kind} 的页面有严重（serious/critical）的无障碍违规`).toEqual([]);
    await context.close();
  });
}

/**
 * 200 % zoom at 1280 × 720 (issue 27), emulated as the CSS viewport a 200 % zoom leaves — 640 × 360 at
 * device scale 2: the shell switches to its narrow layout (the sidebar a drawer behind the menu button)
 * and a list screen stays usable — no sideways page scroll, nothing under the fixed top bar, the filter
 * and the row actions reachable, the drawer opening from the keyboard.
 */
test('200% 缩放（1280×720）下代发订单仍可用，没有严重的无障碍违规', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 });
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await page.goto('/order/index');
  const screen = page.getByTestId('screen-payOrder');
  await expect(screen.getByText(/共 \d+ 条/)).toBeVisible();

  // No sideways scrolling of the page (the grid scrolls inside its own box).
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  // The fixed top bar and tabs cover nothing of the screen.
  const header = await page.getByTestId('visited-tabs').boundingBox();
  const first = await screen.boundingBox();
  expect(first!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
  // The filter, 查询 and a row's 详情 are on screen once scrolled to.
  for (const control of [page.locator('#kit-search-orderNo'), screen.getByRole('button', { name: '查询', exact: true }), screen.locator('.fp-grid tbody tr').first().getByRole('button', { name: '详情' })]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport();
  }
  // The menu opens from its button by keyboard, and its links are then reachable.
  const toggle = page.getByTestId('sidebar-toggle');
  await toggle.focus();
  await page.keyboard.press('Enter');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).not.toHaveAttribute('aria-hidden', 'true');
  await expect(sidebar.getByRole('button').first()).toBeInViewport();

  const audit = new Audit(page);
  await audit.check('/order/index（200% 缩放）');
  await audit.report(testInfo, 'zoom200');
  expect(audit.blocking(), '200% 缩放下有严重（serious/critical）的无障碍违规').toEqual([]);
  await context.close();
});
