/**
 * 检查: loads one module of the import map in a hidden frame with its own SystemJS and its own copy of
 * the map (the module's URL put in), and reports what failed — the operator's page loads nothing.
 */

export interface CheckResult {
  ok: boolean;
  /** Chinese summary shown on the screen. */
  message: string;
  ms: number;
}

export const CHECK_TIMEOUT_MS = 30_000;

/** Micro-apps must hand single-spa their lifecycles; other modules (shared-utility, the kit) only load. */
const LIFECYCLES = ['bootstrap', 'mount', 'unmount'];
const isSpaApp = (specifier: string) => /^@flexpay\/[a-z-]+-app$/.test(specifier);

/** JSON inside an inline <script>: `</script>` and `<!--` cannot end or comment it out. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The frame's page: its own import map (data, not script) and SystemJS from the server — no inline
 * script, so the suite's Content-Security-Policy (which the srcdoc frame inherits) lets it run. The
 * operator's page then asks the frame's SystemJS to import the module (same origin).
 */
function frameDocument(imports: Record<string, string>): string {
  // SystemJS resolves the map against <base href>, else location.href — about:srcdoc in this frame.
  const base = `${window.location.origin}/`.replace(/"/g, '&quot;');
  return `<!doctype html><html><head><meta charset="utf-8"><base href="${base}">
<script type="systemjs-importmap">${inlineJson({ imports })}</script>
<script src="/vendor/system.min.js"></script></head>
<body><div id="navbar-region"></div><main id="main-region"></main></body></html>`;
}

interface FrameAnswer {
  ok: boolean;
  message?: string;
  exported?: Record<string, string>;
  errors: string[];
  ms: number;
}

type FrameWindow = Window & { System?: { import(specifier: string): Promise<Record<string, unknown>> } };

/** What the frame's answer means for the operator. */
export function describeAnswer(specifier: string, answer: FrameAnswer): CheckResult {
  if (!answer.ok) {
    // SystemJS's message names the URL and links its error docs; a frame error naming the same URL adds nothing.
    const message = (answer.message ?? '').replace(/\s*https:\/\/github\.com\/systemjs\/\S*?(?=\)|$)/g, '');
    const extra = answer.errors.filter((error) => !message.includes(error.replace(/^无法加载 /, '')));
    const detail = [message, ...extra].filter(Boolean).join('；');
    return { ok: false, ms: answer.ms, message: `加载失败：${detail || '未知错误'}` };
  }
  if (isSpaApp(specifier)) {
    const missing = LIFECYCLES.filter((name) => answer.exported?.[name] !== 'function');
    if (missing.length > 0) return { ok: false, ms: answer.ms, message: `加载成功，但缺少生命周期函数：${missing.join('、')}` };
  }
  const names = Object.keys(answer.exported ?? {}).length;
  return { ok: true, ms: answer.ms, message: `加载成功（${answer.ms} ms，导出 ${names} 项）` };
}

export async function checkModule(specifier: string, url: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<CheckResult> {
  const started = performance.now();
  let imports: Record<string, string>;
  try {
    const response = await fetch('/import-map.json', { cache: 'no-store' });
    imports = ((await response.json()) as { imports: Record<string, string> }).imports;
  } catch {
    return { ok: false, ms: 0, message: '加载失败：无法读取导入映射' };
  }
  // A URL of its own: the browser's cache (release folders are immutable) must not answer for a file
  // the server has lost; the server ignores the query.
  imports = { ...imports, [specifier]: `${url}${url.includes('?') ? '&' : '?'}check=${Date.now()}` };
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('data-testid', 'module-check-frame');
  frame.title = `检查 ${specifier}`;
  return new Promise<CheckResult>((resolve) => {
    let done = false;
    const finish = (result: CheckResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      frame.remove();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, ms: Math.round(performance.now() - started), message: `加载失败：${Math.round(timeoutMs / 1000)} 秒内未完成` }),
      timeoutMs,
    );
    frame.addEventListener('load', () => {
      const win = frame.contentWindow as FrameWindow | null;
      const errors: string[] = [];
      const begun = performance.now();
      const answer = (part: Omit<FrameAnswer, 'errors' | 'ms'>) =>
        finish(describeAnswer(specifier, { ...part, errors, ms: Math.round(performance.now() - begun) }));
      if (!win?.System) return answer({ ok: false, message: 'SystemJS 未能在隔离页面中加载' });
      win.addEventListener(
        'error',
        (event) => {
          const target = event.target as { src?: string; href?: string } | null;
          errors.push(target && target !== (win as unknown) && (target.src || target.href) ? `无法加载 ${target.src || target.href}` : String(event.message || event.error));
        },
        true,
      );
      win.addEventListener('unhandledrejection', (event) => errors.push(String((event.reason as Error | undefined)?.message ?? event.reason)));
      win.System.import(specifier).then(
        (module) => {
          const exported: Record<string, string> = {};
          for (const name of Object.keys(module)) exported[name] = typeof module[name];
          answer({ ok: true, exported });
        },
        (error: unknown) => answer({ ok: false, message: String((error as Error | undefined)?.message ?? error) }),
      );
    });
    frame.srcdoc = frameDocument(imports);
    document.body.appendChild(frame);
  });
}
