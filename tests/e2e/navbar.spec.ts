import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { startServer, type RunningServer } from './support/server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, signInAndWait, type AccountKind } from './support/session';
import {
  EXPECTED_MENU,
  OFFICIAL_SITE,
  followMenu,
  groupButton,
  groupButtons,
  openGroup,
  openUserMenu,
  renderingApps,
  sidebar,
  sorted,
  tab,
  tabMenu,
  tabPaths,
  texts,
  visibleSubmenuLinks,
} from './support/navbar-helpers';

// The tests of this file are independent of each other; let both workers share them.
test.describe.configure({ mode: 'parallel' });

for (const kind of Object.keys(DEMO_ACCOUNTS) as AccountKind[]) {
  test(`${kind} 账号的侧边菜单与 spec §2 的权限一致`, async ({ page }) => {
    await signInAndWait(page, DEMO_ACCOUNTS[kind]);
    const expected = EXPECTED_MENU[kind];

    await expect.poll(async () => sorted(await texts(groupButtons(page)))).toEqual(sorted(Object.keys(expected)));
    for (const [group, children] of Object.entries(expected)) {
      await openGroup(page, group);
      await expect.poll(async () => sorted(await texts(visibleSubmenuLinks(page))), { message: group }).toEqual(sorted(children));
    }

    const site = sidebar(page).getByRole('menuitem', { name: OFFICIAL_SITE });
    await expect(site).toBeVisible();
    await expect(site).toHaveAttribute('href', /^https?:\/\//);
    await expect(site).toHaveAttribute('target', '_blank');
  });
}

test('DEBUG accordion', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  const groups = Object.keys(EXPECTED_MENU.SYS);
  for (let round = 0; round < 3; round++) {
    for (const g of groups) {
      await openGroup(page, g);
      await page.waitForTimeout(round * 60);
    }
  }
  await page.waitForTimeout(1500);
  const info = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.fp-menu-group .bp6-collapse')).map((c) => ({
      style: (c as HTMLElement).getAttribute('style'),
      h: (c as HTMLElement).getBoundingClientRect().height,
      body: c.firstElementChild!.getAttribute('aria-hidden'),
      bodyStyle: c.firstElementChild!.getAttribute('style'),
    })),
  );
  console.log(JSON.stringify(info.filter((x) => x.body === 'false')));
  await page.screenshot({ path: '/tmp/acc.png' });
});
