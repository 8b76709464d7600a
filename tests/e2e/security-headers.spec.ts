import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, failOnCspViolation, signInAndWait } from './support/session';

/** Issue 21 item 8: the suite runs under its Content-Security-Policy, and the policy really holds. */
test('页面带安全响应头，注入的内联脚本被内容安全策略拦截，正常页面无违规', async ({ page }) => {
  const answer = await page.goto('/login');
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');

  const violations = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true });
      }),
  );
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.appendChild(script);
  });
  expect(await violations).toMatch(/^script-src/);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();

  // A fresh page: signing in and opening screens raises no violation.
  await page.goto('about:blank');
  failOnCspViolation(page);
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
});
