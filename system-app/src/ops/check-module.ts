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

function frameDocument(imports: Record<string, string>, specifier: string, token: string): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<script type="systemjs-importmap">${inlineJson({ imports })}</script>
<script src="/vendor/system.min.js"></script></head>
<body><div id="navbar-region"></div><main id="main-region"></main>
<script>
(function () {
  var token = ${inlineJson(token)}, errors = [], started = performance.now();
  function send(answer) { answer.token = token; answer.errors = errors; answer.ms = Math.round(performance.now() - started); parent.postMessage(answer, location.origin === 'null' ? '*' : location.origin); }
  window.addEventListener('error', function (event) {
    var target = event.target;
    errors.push(target && target !== window && (target.src || target.href) ? '无法加载 ' + (target.src || target.href) : String(event.message || event.error));
  }, true);
  window.addEventListener('unhandledrejection', function (event) { errors.push(String(event.reason && event.reason.message || event.reason)); });
  System.import(${inlineJson(specifier)}).then(function (module) {
    var exported = {};
    for (var name in module) exported[name] = typeof module[name];
    send({ ok: true, exported: exported });
  }, function (error) { send({ ok: false, message: String(error && error.message || error) }); });
})();
</script></body></html>`;
}

interface FrameAnswer {
  token: string;
  ok: boolean;
  message?: string;
  exported?: Record<string, string>;
  errors: string[];
  ms: number;
}

/** What the frame's answer means for the operator. */
export function describeAnswer(specifier: string, answer: Omit<FrameAnswer, 'token'>): CheckResult {
  if (!answer.ok) {
    const detail = [answer.message, ...answer.errors].filter(Boolean).join('；');
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
  imports = { ...imports, [specifier]: url };
  const token = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('data-testid', 'module-check-frame');
  frame.title = `检查 ${specifier}`;
  return new Promise<CheckResult>((resolve) => {
    const finish = (result: CheckResult) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      const answer = event.data as FrameAnswer | undefined;
      if (event.source !== frame.contentWindow || !answer || answer.token !== token) return;
      finish(describeAnswer(specifier, answer));
    };
    const timer = setTimeout(
      () => finish({ ok: false, ms: Math.round(performance.now() - started), message: `加载失败：${Math.round(timeoutMs / 1000)} 秒内未完成` }),
      timeoutMs,
    );
    window.addEventListener('message', onMessage);
    frame.srcdoc = frameDocument(imports, specifier, token);
    document.body.appendChild(frame);
  });
}
