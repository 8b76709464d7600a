import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { DEMO_ACCOUNTS, signInAndWait } from '../e2e/support/session';

export interface KitFigures {
  tableRender: number[];
  exportMs: number;
  exportBytes: number;
  md5Ms: number;
  md5MegabytesPerSecond: number;
  longestFrameGapMs: number;
  md5: string;
}

/**
 * Runs the kit inside the real signed-in page, loaded through the import map like any app does:
 * a 100-row DataTable render, a 50 000 × 15 export to .xlsx, and a 100 MB MD5 in the worker.
 */
export async function measureKit(baseUrl: string): Promise<KitFigures> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAndWait(page, DEMO_ACCOUNTS.SYS, undefined, baseUrl);
    return await page.evaluate(async () => {
      const System = (window as unknown as { System: { import(name: string): Promise<any> } }).System;
      const kit = await System.import('@flexpay/shared-utility');
      const React = (await System.import('react')).default ?? (await System.import('react'));
      const { createRoot } = await System.import('react-dom/client');
      const { HotkeysProvider } = await System.import('@blueprintjs/core');
      const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

      const columns = Array.from({ length: 15 }, (_, i) => ({ key: `c${i}`, title: `列${i + 1}` }));
      const makeRows = (count: number) =>
        Array.from({ length: count }, (_, r) => {
          const row: Record<string, unknown> = { id: r };
          columns.forEach((column, i) => (row[column.key] = i % 3 === 0 ? `张三${r}号 ${i}` : i % 3 === 1 ? r * 7 + i : `备注文本 ${r}-${i}`));
          return row;
        });

      // Table: from the moment the rows are handed over until the grid has drawn what it shows — the frame
      // after which the number of drawn name cells stops changing.
      const tableRender: number[] = [];
      const rows100 = makeRows(100);
      for (let round = 0; round < 5; round += 1) {
        const host = document.createElement('div');
        host.style.cssText = 'position:fixed;left:0;top:0;width:1400px;height:4000px;z-index:-1';
        document.body.appendChild(host);
        const root = createRoot(host);
        const started = performance.now();
        root.render(
          React.createElement(HotkeysProvider, null, React.createElement(kit.DataTable, { rows: rows100, columns, rowKey: 'id' })),
        );
        const cellCount = () => (host.textContent?.match(/张三/g) ?? []).length;
        let drawnAt = performance.now();
        let cells = 0;
        for (let stable = 0; stable < 3; ) {
          await nextFrame();
          const now = cellCount();
          if (now > 0 && now === cells) stable += 1;
          else {
            stable = 0;
            cells = now;
            drawnAt = performance.now();
          }
        }
        if (!host.textContent?.includes('张三0号')) throw new Error('表格未渲染首行');
        tableRender.push(drawnAt - started);
        root.unmount();
        host.remove();
      }

      const size = 100 * 1024 * 1024;
      const data = new Uint8Array(size);
      for (let i = 0; i < size; i += 4096) data[i] = i & 255;
      const file = new File([data], 'big.bin');
      let longestGap = 0;
      let last = performance.now();
      let hashing = true;
      const watchFrames = async () => {
        while (hashing) {
          const now = await nextFrame();
          longestGap = Math.max(longestGap, now - last);
          last = now;
        }
      };
      const watcher = watchFrames();
      const md5Started = performance.now();
      const md5: string = await kit.computeFileMd5(file);
      const md5Ms = performance.now() - md5Started;
      hashing = false;
      await watcher;

      // Export last, so its garbage does not land in the frame gaps measured while hashing.
      const XLSX = await kit.loadXlsx();
      const rows50k = makeRows(50_000);
      const exportStarted = performance.now();
      const workbook = kit.buildWorkbook(XLSX, rows50k, columns);
      const bytes: ArrayBuffer = XLSX.write(workbook, { ...kit.XLSX_WRITE_OPTIONS, type: 'array' });
      const exportMs = performance.now() - exportStarted;

      return {
        tableRender,
        exportMs,
        exportBytes: bytes.byteLength,
        md5Ms,
        md5MegabytesPerSecond: 100 / (md5Ms / 1000),
        longestFrameGapMs: longestGap,
        md5,
      };
    });
  } finally {
    await browser.close();
  }
}
