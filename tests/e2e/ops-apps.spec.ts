/**
 * Issue 26 journey: deploy people-app with the script against this server's own import map, an open
 * page learns it (应用已更新，刷新后生效 / 刷新), 应用版本 rolls it back, and 刷新 loads the old version.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPO, startServer, type RunningServer } from './support/server';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

const ORIGINAL = '/apps/people-app/flexpay-people-app.js';

let server: RunningServer | undefined;
test.afterAll(() => server?.stop());

/** The tab came back into view: the banner asks the server at once instead of within 60 s. */
const backToTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

const peopleUrl = () => JSON.parse(fs.readFileSync(server!.importMap, 'utf8')).imports['@flexpay/people-app'] as string;

test('npm run deploy 后打开的页面提示「应用已更新」，在应用版本回滚，刷新后加载原版本', async ({ page, context }) => {
  test.setTimeout(300_000);
  server = await startServer();
  const base = server.url;
  await signInAndWait(page, DEMO_ACCOUNTS.SYS, undefined, base);
  const firstLoad = page.waitForResponse((r) => r.url().endsWith(ORIGINAL) && r.ok());
  await page.goto(`${base}/bankcard/index`);
  await firstLoad;
  await expect(page.getByTestId('screen-bankBin')).toBeVisible();
  await backToTab(page);
  const banner = page.getByRole('status').filter({ hasText: '应用已更新，刷新后生效' });
  await expect(banner).toHaveCount(0);

  // Deploy with the script, as ops does on the machine.
  execFileSync(process.execPath, [path.join(REPO, 'root-config', 'ops', 'deploy.mjs'), 'people-app'], {
    env: { ...process.env, FLEXPAY_IMPORT_MAP: server.importMap },
    cwd: REPO,
  });
  const deployed = peopleUrl();
  expect(deployed).toMatch(/^\/apps\/people-app\/[0-9a-f]{12}\/flexpay-people-app\.js$/);

  // The open page learns it and offers 刷新; nothing reloads by itself.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await backToTab(page);
  await expect(banner).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  const newLoad = page.waitForResponse((r) => r.url().endsWith(deployed) && r.ok());
  await banner.getByRole('button', { name: '刷新' }).click();
  await newLoad;
  await expect(page.getByTestId('screen-bankBin')).toBeVisible();
  await backToTab(page);
  await expect(banner).toHaveCount(0);

  // 应用版本 in a second tab: the deployed version, by the script.
  const ops = await context.newPage();
  await ops.goto(`${base}/ops/apps`);
  const row = ops.getByTestId('app-row-people-app');
  await expect(row).toContainText(deployed);
  await expect(row).toContainText('脚本（');
  await expect(row).toContainText('可访问');
  // 检查 loads the module in a hidden frame of its own and reports.
  await row.getByRole('button', { name: '检查' }).click();
  await expect(row.getByTestId('check-result')).toContainText('加载成功', { timeout: 30_000 });
  // …without touching the operator's page: its SystemJS never loaded people-app.
  type Loader = { System: { has(id: string): boolean; resolve(s: string): string } };
  expect(await ops.evaluate(() => (window as unknown as Loader).System.has((window as unknown as Loader).System.resolve('@flexpay/people-app')))).toBe(false);
  await expect(ops.getByTestId('module-check-frame')).toHaveCount(0);

  // History: both versions; roll back to the original with the confirm dialog showing both.
  await row.getByRole('button', { name: '历史版本' }).click();
  const drawer = ops.getByTestId('history-drawer');
  const versions = drawer.getByTestId('version-row');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('当前版本');
  await expect(versions.nth(1)).toContainText(ORIGINAL);
  await versions.nth(1).getByRole('button', { name: '回滚到此版本' }).click();
  const confirm = ops.getByRole('dialog').filter({ hasText: '确认回滚' });
  await expect(confirm.getByTestId('rollback-from')).toHaveText(deployed);
  await expect(confirm.getByTestId('rollback-to')).toHaveText(ORIGINAL);
  await confirm.getByRole('button', { name: '确认回滚' }).click();
  await expect(ops.getByText('回滚成功，打开的页面刷新后生效')).toBeVisible();
  await expect(row).toContainText(ORIGINAL);
  await expect(row).toContainText('（回滚）');
  expect(peopleUrl()).toBe(ORIGINAL);

  // The open page shows the banner again; 刷新 loads the old version.
  await backToTab(page);
  await expect(banner).toBeVisible();
  // Loaded before in this browser: revalidated (304) rather than sent again.
  const oldLoad = page.waitForResponse((r) => r.url().endsWith(ORIGINAL) && r.status() < 400);
  await banner.getByRole('button', { name: '刷新' }).click();
  await oldLoad;
  await expect(page.getByTestId('screen-bankBin')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { System: { resolve(s: string): string } }).System.resolve('@flexpay/people-app'))).toContain(ORIGINAL);

  // A release folder removed from the server: shown red, cannot be chosen, 检查 reports the failure.
  fs.rmSync(path.join(REPO, 'people-app', 'dist', deployed.split('/')[3]), { recursive: true, force: true });
  await ops.reload();
  await ops.getByTestId('app-row-people-app').getByRole('button', { name: '历史版本' }).click();
  const gone = ops.getByTestId('version-row').filter({ hasText: deployed });
  await expect(gone.getByTestId('file-missing')).toHaveText('文件缺失');
  await expect(gone.getByRole('button', { name: '回滚到此版本' })).toBeDisabled();
  await gone.getByRole('button', { name: '检查' }).click();
  await expect(gone.getByTestId('check-result')).toContainText('加载失败', { timeout: 30_000 });

  // 操作日志 names the rollback, from and to and who.
  await ops.goto(`${base}/admin/auditLog`);
  const entry = ops.getByRole('row').filter({ hasText: '应用版本' }).filter({ hasText: '回滚' });
  await expect(entry.first()).toContainText('people-app');
  await expect(entry.first()).toContainText(DEMO_ACCOUNTS.SYS);
  await expect(entry.first()).toContainText('版本地址');
});
