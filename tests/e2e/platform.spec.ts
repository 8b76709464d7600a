import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openServerDatabase } from './support/database';
import { REPO, startServer, type RunningServer } from './support/server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInAndWait } from './support/session';

test('会话过期后再操作弹出「确定重新登录」，取消提示已取消操作，确认后回到登录页', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  // A page without live data: the dashboard reloads its figures when other journeys' orders move, and
  // such a call would meet the expired session and ask before the test does.
  await page.goto('/invoice/invoiceItem');
  const pageTab = page.locator('[data-testid="tab"][data-path="/invoice/invoiceItem"]');
  await expect(pageTab).toBeVisible();
  // Calls still in flight after loading would meet the expired session too.
  await page.waitForLoadState('networkidle');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'flexpay_admin_token')!.value;
  const db = openServerDatabase(process.env.FLEXPAY_E2E_DATA_DIR!);
  // The server keeps only the token's SHA-256, never the token itself.
  const stored = createHash('sha256').update(token, 'utf8').digest('hex');
  expect(db.prepare('UPDATE session SET "lastSeenAt" = ? WHERE token = ?').run(Date.now() - 3 * 3600_000, stored).changes).toBe(1);
  db.close();

  await pageTab.click({ button: 'right' });
  await page.getByText('刷新', { exact: true }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: '确定重新登录' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('你尚未登录或登录信息已失效，可以继续留在该页面，或者重新登录');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText('已取消操作')).toBeVisible();
  await expect(page).toHaveURL(/\/invoice\/invoiceItem$/);
  // The cancelled dialog is gone (after its closing transition) before the next failure opens one.
  await expect(dialog).toHaveCount(0);

  await pageTab.click({ button: 'right' });
  await page.getByText('刷新', { exact: true }).click();
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Finvoice%2FinvoiceItem$/);
});

test.describe('独立服务器', () => {
  let server: RunningServer;
  test.afterEach(async () => server?.stop());

  test('真实图形验证码：答错被拒绝，答对才能登录', async ({ page }) => {
    server = await startServer({ FLEXPAY_CAPTCHA: 'on' });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名').fill(DEMO_ACCOUNTS.ENT);
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByLabel('验证码').fill('zzzz');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('验证码错误或已过期').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    // The test reads the answer the way a person reads the image: from the newest captcha issued.
    await expect.poll(() => latestCaptcha(server)).not.toBeNull();
    const answer = latestCaptcha(server)!;
    await page.getByLabel('验证码').fill(answer);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('某个应用包缺失时主区域显示「应用加载失败」，外壳照常工作，恢复后点重试即可加载', async ({ page }) => {
    server = await startServer();
    // The map points at a release folder whose bundle is not there yet, like a half-finished upload.
    const release = `e2e-${Date.now()}`;
    const releaseDir = path.join(REPO, 'finance-app', 'dist', release);
    const map = JSON.parse(fs.readFileSync(server.importMap, 'utf8'));
    map.imports['@flexpay/finance-app'] = `/apps/finance-app/${release}/flexpay-finance-app.js`;
    fs.writeFileSync(server.importMap, JSON.stringify(map));
    try {
      await signInAndWait(page, DEMO_ACCOUNTS.SYS, DEMO_PASSWORD, server.url);
      await page.getByTestId('sidebar').getByText('订单管理').click();
      await page.getByTestId('sidebar').getByText('代发订单').click();
      await expect(page).toHaveURL(/\/order\/index$/);
      const failure = page.getByRole('alert').filter({ hasText: '应用加载失败' });
      await expect(failure).toBeVisible();
      await expect(page.getByTestId('sidebar')).toBeVisible();

      await page.getByTestId('tab').filter({ hasText: '首页' }).click();
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expect(failure).toHaveCount(0);

      await page.getByTestId('tab').filter({ hasText: '代发订单' }).click();
      await expect(failure).toBeVisible();
      fs.mkdirSync(releaseDir, { recursive: true });
      fs.copyFileSync(path.join(REPO, 'finance-app', 'dist', 'flexpay-finance-app.js'), path.join(releaseDir, 'flexpay-finance-app.js'));
      await failure.getByRole('button', { name: '重试' }).click();
      await expect(page.getByTestId('screen-payOrder')).toBeVisible();
      await expect(failure).toHaveCount(0);
    } finally {
      fs.rmSync(releaseDir, { recursive: true, force: true });
    }
  });

  test('npm run deploy 热替换登录页的应用（@flexpay/login），刷新即见新版本；rollback 恢复原版本', async ({ page }) => {
    test.setTimeout(180_000);
    server = await startServer();
    await page.goto(`${server.url}/login`);
    await expect(page.getByTestId('app-version')).toHaveText('版本 本地构建');

    const env = { ...process.env, FLEXPAY_IMPORT_MAP: server.importMap };
    execFileSync(process.execPath, [path.join(REPO, 'root-config', 'ops', 'deploy.mjs'), 'login'], { env, cwd: REPO });
    const deployedUrl: string = JSON.parse(fs.readFileSync(server.importMap, 'utf8')).imports['@flexpay/login'];
    expect(deployedUrl).toMatch(/^\/apps\/login\/[0-9a-f]{12}\/flexpay-login\.js$/);
    const history = JSON.parse(fs.readFileSync(server.importMap.replace(/\.json$/, '.history.json'), 'utf8'));
    expect(history.at(-1)).toMatchObject({ action: 'deploy', app: 'login', to: deployedUrl });

    const loaded = page.waitForResponse((response) => response.url().endsWith(deployedUrl) && response.ok());
    await page.reload();
    await loaded;
    await expect(page.getByTestId('app-version')).toHaveText(/^版本 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    execFileSync(process.execPath, [path.join(REPO, 'root-config', 'ops', 'rollback.mjs'), 'login'], { env, cwd: REPO });
    expect(JSON.parse(fs.readFileSync(server.importMap, 'utf8')).imports['@flexpay/login']).toBe(
      '/apps/login/flexpay-login.js',
    );
    await page.reload();
    await expect(page.getByTestId('app-version')).toHaveText('版本 本地构建');
  });
});

function latestCaptcha(server: RunningServer): string | null {
  const db = openServerDatabase(server.dataDir);
  try {
    const row = db.prepare('SELECT answer FROM captcha WHERE "usedAt" IS NULL ORDER BY "createdAt" DESC LIMIT 1').get() as
      | { answer: string }
      | undefined;
    return row?.answer ?? null;
  } finally {
    db.close();
  }
}
