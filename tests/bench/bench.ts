// `npm run bench` (through run-bench.mjs): load times, bundle sizes and API throughput. Figures, not assertions.
import crypto from 'node:crypto';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { REPO, startServer } from '../e2e/support/server';
import { DEMO_ACCOUNTS, signInAndWait } from '../e2e/support/session';
import { measureApi } from './api-load';
import { bundleSizes, LAZY_SHARED, type SizedModule } from './bundle-sizes';
import { measureKit } from './kit-timings';
import { measurePages, median, type ScriptBytes } from './page-timings';
import { runKitServerSection } from './kit-server';
import { runLedgerSection } from './ledger';
import { runRsaFloodSection } from './rsa-flood-main';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? '达标' : '未达标');
const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(' / ');

async function credentialsFor(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await signInAndWait(page, DEMO_ACCOUNTS.SYS, undefined, baseUrl);
    const cookies = await page.context().cookies();
    const value = (name: string) => decodeURIComponent(cookies.find((cookie) => cookie.name === name)!.value);
    return { token: value('flexpay_admin_token'), apiSecret: value('flexpay_api_secret') };
  } finally {
    await browser.close();
  }
}

/** The same 100 MB the page hashes (every 4096th byte set), hashed by node:crypto to check the worker. */
function expectedMd5(): string {
  const size = 100 * 1024 * 1024;
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) data[i] = i & 255;
  return crypto.createHash('md5').update(data).digest('hex');
}

const PAGES_ONLY = process.argv.includes('pages');

async function main() {
  console.log('== 包体积 (gzip -9；传输 = 服务器按 Accept-Encoding 发出的预压缩 brotli 文件) ==');
  const { apps, shared } = bundleSizes(REPO);
  const sizes = (item: SizedModule) => `${kb(item.bytes).padStart(10)}  传输 ${kb(item.transfer).padStart(9)}`;
  for (const app of apps) console.log(`${app.specifier.padEnd(28)} ${sizes(app)}  目标 ≤ 80 KB ${verdict(app.bytes <= 80 * 1024)}`);
  for (const item of shared) {
    console.log(`${item.specifier.padEnd(28)} ${sizes(item)}${LAZY_SHARED.has(item.specifier) ? '  (按需加载，不计入启动)' : ''}`);
  }
  const eagerTotal = shared.filter((item) => !LAZY_SHARED.has(item.specifier)).reduce((sum, item) => sum + item.bytes, 0);
  console.log(`共享依赖合计（import map 中非按需项）${kb(eagerTotal).padStart(10)}  (参考；启动时实际加载量见页面部分)`);

  const server = await startServer({ FLEXPAY_LOG_LEVEL: 'warn' });
  try {
    console.log('\n== 页面 (headless Chromium, loopback, 每轮全新上下文) ==');
    const pages = await measurePages(server.url);
    const report = (label: string, values: number[], target: number) =>
      console.log(`${label.padEnd(26)} 中位数 ${ms(median(values)).padStart(7)}  目标 ≤ ${target} ms ${verdict(median(values) <= target)}  (${list(values)})`);
    report('冷启动 /login 到可交互', pages.coldLogin, 450);
    report('登录到首页渲染完成', pages.signInToDashboard, 450);
    report('首次进入未加载的应用', pages.firstAppVisit, 400);
    report('跨应用切换（已加载）', pages.appSwitch, 150);
    const bytes = (label: string, rounds: ScriptBytes[], target: number) => {
      const gzip = median(rounds.map((r) => r.gzip));
      const transfer = median(rounds.map((r) => r.transfer));
      const count = median(rounds.map((r) => r.count));
      console.log(`${label.padEnd(26)} gzip ${kb(gzip).padStart(9)}  目标 ≤ ${target} KB ${verdict(gzip <= target * 1024)}  传输 ${kb(transfer)}  ${count} 个脚本`);
    };
    bytes('登录页可用前加载的 JS', pages.loginScripts, 200);
    bytes('启动时加载的共享依赖', pages.sharedAtStart, 300);
    console.log(`  登录页脚本：${pages.loginScripts[0].urls.join(' ')}`);

    // `npm run bench -- pages`: sizes and page figures only (a quick re-measure of the load path).
    if (PAGES_ONLY) return;
    console.log('\n== 页面组件 (真实页面内，经 import map 加载) ==');
    const kit = await measureKit(server.url);
    report('100 行表格渲染', kit.tableRender, 100);
    console.log(`导出 50000 行 × 15 列 xlsx     ${ms(kit.exportMs).padStart(7)}  目标 ≤ 3000 ms ${verdict(kit.exportMs <= 3000)}  (${kb(kit.exportBytes)})`);
    console.log(
      `100 MB 文件 MD5（Worker）      ${ms(kit.md5Ms).padStart(7)}  ${kit.md5MegabytesPerSecond.toFixed(0)} MB/s  目标 ≥ 150 MB/s ${verdict(kit.md5MegabytesPerSecond >= 150)}  期间最长帧间隔 ${ms(kit.longestFrameGapMs)}`,
    );

    console.log(`MD5 与 node:crypto 结果${kit.md5 === expectedMd5() ? '一致' : '不一致'}`);

    console.log('\n== API (autocannon, 10 连接 × 5 秒, loopback) ==');
    const { real, baseline } = await measureApi(server.url, await credentialsFor(server.url));
    const line = (label: string, f: typeof real) =>
      console.log(`${label} ${f.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  平均 ${f.mean.toFixed(2)} ms  p99 ${f.p99} ms  错误 ${f.errors + f.non2xx}`);
    line('签名+鉴权 loginInfo  ', real);
    line('裸 Fastify 同样 JSON ', baseline);
    // autocannon's percentiles have 1 ms resolution; below 1 ms the p50 ratio is read from mean latencies.
    const ratio = baseline.p50 >= 1 ? real.p50 / baseline.p50 : real.mean / baseline.mean;
    console.log(`吞吐 目标 ≥ 2000 req/s ${verdict(real.requestsPerSecond >= 2000)}；延迟比值 ${ratio.toFixed(2)}× 目标 ≤ 2.5× ${verdict(ratio <= 2.5)}`);
  } finally {
    await server.stop();
  }
  if (PAGES_ONLY) return;
  await runRsaFloodSection();
  await runKitServerSection();
  await runLedgerSection();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
