import { addErrorHandler, getAppStatus, registerApplication, start, triggerAppChange, LOAD_ERROR } from 'single-spa';
// Issue 24: the route table is bundled in (4.5 KB gzip) rather than read from shared-utility, and Blueprint's
// class names are strings, so a public page (the login page) needs neither module to start.
import { appForPath, isPublicPath, pageTitle, type AppName } from '@flexpay/shared-utility/src/pure/routes';
import { modulesAfterSignIn } from './after-sign-in';
import { routeApps } from './route-apps';
import { BP as Classes } from './bp-classes';
import { guardRoute, keepSignInAnswer } from './route-guard';
import { LOGIN_USABLE, onSignInHandOver } from '@flexpay/shared-utility/src/session/sign-in-handoff';
import { startVersionWatch } from './version-banner';
import { computeSign } from '@flexpay/shared-utility/src/pure/sign';
import { getApiSecret, hasToken } from '@flexpay/shared-utility/src/session/credentials';
import { askFirstCaptcha, firstCaptchaAsked, showsCaptcha } from './first-captcha';
import { loadFullStylesheet, preloadFullStylesheet } from './full-stylesheet';

// Issue 24 item 3: a sign-in page's first captcha is asked for now (unless boot.js has asked already), while
// single-spa loads @flexpay/login and React runs, not from the login page's mount (first-captcha.ts).
if (!firstCaptchaAsked() && showsCaptcha(window.location.pathname, hasToken(), appForPath, isPublicPath)) {
  askFirstCaptcha((body) => {
    const timestamp = Date.now();
    return new URLSearchParams({ timestamp: String(timestamp), sign: computeSign(body, getApiSecret(), timestamp) }).toString();
  });
}

declare const System: {
  import(name: string): Promise<unknown>;
  resolve(name: string): string;
  delete(url: string): boolean;
};

// From the route table: 'login' is @flexpay/login, the sign-in pages' own module (issue 24), owner of the public sign-in paths.
const ROUTE_APPS: AppName[] = routeApps();
const NAVBAR = '@flexpay/navbar-app';

/** Each route-owning app renders into its own container so a broken one can be replaced alone. */
function containerFor(app: string): HTMLElement {
  const id = `app-${app}`;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    element.className = 'flexpay-app-container';
    document.getElementById('main-region')!.appendChild(element);
  }
  return element;
}

function errorPanelId(specifier: string): string {
  return `load-error-${specifier.replace(/[^a-z-]/g, '')}`;
}

/** 应用加载失败 with 重试, in the region the broken app would have used; the shell keeps working. */
function showLoadError(specifier: string): void {
  const id = errorPanelId(specifier);
  if (document.getElementById(id)) return;
  const region = document.getElementById(specifier === NAVBAR ? 'navbar-region' : 'main-region')!;
  const panel = document.createElement('div');
  panel.id = id;
  panel.className = `flexpay-load-error ${Classes.NON_IDEAL_STATE}`;
  panel.setAttribute('role', 'alert');
  const title = document.createElement('h4');
  title.className = Classes.HEADING;
  title.textContent = '应用加载失败';
  const hint = document.createElement('div');
  hint.textContent = '该模块暂时无法加载，请稍后重试；其他页面不受影响。';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = `${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`;
  retry.textContent = '重试';
  retry.addEventListener('click', () => retryApp(specifier));
  panel.append(title, hint, retry);
  region.prepend(panel);
}

function retryApp(specifier: string): void {
  document.getElementById(errorPanelId(specifier))?.remove();
  if (getAppStatus(specifier) === LOAD_ERROR) {
    // SystemJS remembers a failed fetch; forget it so the next attempt goes to the network.
    try {
      System.delete(System.resolve(specifier));
    } catch {
      /* not registered yet: nothing to forget */
    }
    // single-spa skips a LOAD_ERROR app for 200 ms after its failure; wait that out.
    setTimeout(triggerAppChange, 250);
  } else {
    // An app that threw while mounting stays broken inside single-spa until the page restarts it.
    window.location.reload();
  }
}

const LOGIN = '@flexpay/login';

/** A signed-in app starts once the whole of blueprint.css is on the page (the login page has its subset: full-stylesheet.ts). */
function load(specifier: string) {
  const loaded = System.import(specifier).catch((error: unknown) => {
    showLoadError(specifier);
    throw error;
  });
  return (specifier === LOGIN ? loaded : Promise.all([loaded, loadFullStylesheet()]).then(([module]) => module)) as Promise<never>;
}

for (const app of ROUTE_APPS) {
  const specifier = `@flexpay/${app}`;
  registerApplication({
    name: specifier,
    app: () => load(specifier),
    activeWhen: (location) => appForPath(location.pathname) === app,
    customProps: () => ({ domElement: containerFor(app) }),
  });
}

// Registered after the route apps, so single-spa mounts the route's app first: its screen draws and asks
// for its data (the dashboard's figures after sign-in) while the shell draws, not after it (issue 24).
registerApplication({
  name: NAVBAR,
  app: () => load(NAVBAR),
  activeWhen: (location) => !isPublicPath(location.pathname),
  customProps: () => ({ domElement: document.getElementById('navbar-region')! }),
});

addErrorHandler((error) => {
  console.error(error);
  showLoadError(error.appOrParcelName);
});

interface BeforeRoutingDetail {
  newUrl: string;
  cancelNavigation?: (cancel?: boolean | Promise<boolean>) => void;
}

/** Session and route checks before any app mounts (spec §2/§4); redirects replace the history entry. */
window.addEventListener('single-spa:before-routing-event', (event) => {
  const { newUrl, cancelNavigation } = (event as CustomEvent<BeforeRoutingDetail>).detail;
  if (!cancelNavigation) return;
  const url = new URL(newUrl);
  cancelNavigation(
    guardRoute(url.pathname, url.search).then((target) => {
      if (!target) return false;
      // Runs after single-spa has restored the previous URL for the cancelled navigation.
      setTimeout(() => window.history.replaceState(null, '', target));
      return true;
    }),
  );
});

window.addEventListener('single-spa:routing-event', () => {
  const { pathname } = window.location;
  document.body.classList.toggle('flexpay-public', isPublicPath(pathname));
  document.title = pageTitle(pathname);
  clearErrorPanelsOfInactiveApps(pathname);
  showPanelForBrokenActiveApp(pathname);
});

/** Within 200 ms of a failure single-spa does not retry the app, so a quick return would show a blank region. */
function showPanelForBrokenActiveApp(pathname: string): void {
  const active = appForPath(pathname);
  if (active && getAppStatus(`@flexpay/${active}`) === LOAD_ERROR) showLoadError(`@flexpay/${active}`);
}

function clearErrorPanelsOfInactiveApps(pathname: string): void {
  const active = appForPath(pathname);
  for (const app of ROUTE_APPS) {
    if (app !== active) document.getElementById(errorPanelId(`@flexpay/${app}`))?.remove();
  }
  if (isPublicPath(pathname)) document.getElementById(errorPanelId(NAVBAR))?.remove();
}

/**
 * Issue 24: on a public page the server names, in two meta tags (api-server/src/static/preload.ts), the
 * scripts the sign-in needs (RSA) and those of the page after it (every script the destination's modules
 * import). The first load when the user types; the second, and the page after sign-in itself, once the
 * sign-in form is usable (below).
 */
function preloadNamedBy(metaName: string): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${metaName}"]`);
  if (!meta) return;
  meta.remove();
  for (const url of meta.content.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = url;
    document.head.appendChild(link);
  }
}
document.addEventListener('input', () => preloadNamedBy('flexpay-preload-on-input'), { capture: true });

/**
 * The page after sign-in — shared-utility, the navbar, the destination's app and everything they import —
 * is fetched AND run while the user types (issue 24 item 3), not after the submit: started in the first
 * idle time after the page's load event once @flexpay/login says its form is usable (so neither is ever
 * delayed), or at the first input or submit of its sign-in form (marked `data-flexpay-sign-in`) if sooner.
 */
let warmed = false;
function runAfterSignInModules(): void {
  if (warmed || !document.querySelector('form[data-flexpay-sign-in]')) return;
  warmed = true;
  preloadFullStylesheet();
  preloadNamedBy('flexpay-preload-after-sign-in');
  // A failure here is met again, and shown, when single-spa loads the app.
  for (const specifier of modulesAfterSignIn(window.location.search)) System.import(specifier).catch(() => undefined);
}
const fromSignInForm = (target: EventTarget | null) => target instanceof Element && target.closest('form[data-flexpay-sign-in]') !== null;
const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 300 }) : window.setTimeout(run, 50);
/** After the page's load event too: scripts inserted before it would hold it (and a probe waiting for it) back. */
const afterLoad = (run: () => void) => (document.readyState === 'complete' ? run() : window.addEventListener('load', run, { once: true }));
window.addEventListener(LOGIN_USABLE, () => afterLoad(() => whenIdle(runAfterSignInModules)));
for (const type of ['input', 'submit']) {
  document.addEventListener(
    type,
    (event) => {
      if (type === 'submit') preloadNamedBy('flexpay-preload-on-input');
      if (fromSignInForm(event.target)) runAfterSignInModules();
      // The whole of blueprint.css is parsed while the sign-in's answer is on its way (full-stylesheet.ts).
      if (type === 'submit' && fromSignInForm(event.target)) void loadFullStylesheet();
    },
    { capture: true },
  );
}
/** The sign-in's answer goes to shared-utility's session with the first signed-in route (route-guard.ts). */
onSignInHandOver(keepSignInAnswer);

document.body.classList.toggle('flexpay-public', isPublicPath(window.location.pathname));
start({ urlRerouteOnly: true });
// 应用已更新 / 刷新 when a deploy or rollback changes the import map (version-banner.ts).
startVersionWatch();

