/**
 * 应用已更新: an open page learns that a deploy or a rollback changed import-map.json — by its ETag,
 * checked every 60 s and whenever the tab becomes visible again — and offers 刷新. Nothing reloads by
 * itself; with a dialog or drawer open (a form that may hold unsaved input) 刷新 asks first.
 */
import { BP as Classes } from './bp-classes';
import './version-banner.css';

export const BANNER_ID = 'flexpay-version-banner';
export const CHECK_INTERVAL_MS = 60_000;
export const UPDATED_TEXT = '应用已更新，刷新后生效';
export const UNSAVED_TEXT = '当前有打开的表单，刷新会丢失未保存的内容';

export interface VersionWatchOptions {
  url?: string;
  intervalMs?: number;
  fetch?: (url: string, init: RequestInit) => Promise<Pick<Response, 'status' | 'headers'>>;
  reload?: () => void;
  doc?: Document;
}

export interface VersionWatch {
  /** Asks the server now; true when the map differs from the one this page loaded. */
  check(): Promise<boolean>;
  stop(): void;
}

/** A form that may hold unsaved input: any Blueprint dialog or drawer open on the page. */
function formOpen(doc: Document): boolean {
  return doc.querySelector(`.${Classes.DIALOG}, .${Classes.DRAWER}`) !== null;
}

function button(doc: Document, text: string, className: string, onClick: () => void): HTMLButtonElement {
  const element = doc.createElement('button');
  element.type = 'button';
  element.className = `${Classes.BUTTON} ${Classes.SMALL} ${className}`;
  element.textContent = text;
  element.addEventListener('click', onClick);
  return element;
}

export function startVersionWatch(options: VersionWatchOptions = {}): VersionWatch {
  const url = options.url ?? '/import-map.json';
  const doc = options.doc ?? document;
  const fetchMap = options.fetch ?? ((target: string, init: RequestInit) => fetch(target, init));
  const reload = options.reload ?? (() => window.location.reload());
  /**
   * The ETag of the map this page runs on: the one the server wrote on the page's inline map (issue 24:
   * the page carries its map), else the first one read.
   */
  let loaded: string | null = doc.querySelector<HTMLScriptElement>('script[type="systemjs-importmap"][data-etag]')?.dataset.etag || null;
  /** The version whose banner 稍后 dismissed: not shown again until the map changes once more. */
  let dismissed: string | null = null;
  let inFlight: Promise<boolean> | null = null;

  function hide(): void {
    doc.getElementById(BANNER_ID)?.remove();
  }

  function render(confirming: boolean): void {
    let banner = doc.getElementById(BANNER_ID);
    if (!banner) {
      banner = doc.createElement('div');
      banner.id = BANNER_ID;
      banner.setAttribute('role', 'status');
      banner.className = `flexpay-version-banner ${Classes.ELEVATION_2}`;
      doc.body.appendChild(banner);
    }
    banner.replaceChildren();
    const text = doc.createElement('span');
    text.className = 'flexpay-version-banner__text';
    text.textContent = confirming ? UNSAVED_TEXT : UPDATED_TEXT;
    const actions = doc.createElement('span');
    actions.className = 'flexpay-version-banner__actions';
    if (confirming) {
      actions.append(button(doc, '仍然刷新', Classes.INTENT_DANGER, reload), button(doc, '取消', Classes.MINIMAL, () => render(false)));
    } else {
      actions.append(
        button(doc, '刷新', Classes.INTENT_PRIMARY, () => (formOpen(doc) ? render(true) : reload())),
        button(doc, '稍后', Classes.MINIMAL, () => {
          dismissed = latest;
          hide();
        }),
      );
    }
    banner.append(text, actions);
  }

  let latest: string | null = null;

  async function ask(): Promise<boolean> {
    let response: Pick<Response, 'status' | 'headers'>;
    try {
      response = await fetchMap(url, { cache: 'no-store', headers: loaded ? { 'If-None-Match': loaded } : {} });
    } catch {
      return latest !== null && latest !== loaded; // offline for a moment: keep what is shown
    }
    if (response.status === 304) {
      latest = loaded;
    } else if (response.status === 200) {
      const etag = response.headers.get('ETag');
      if (!etag) return false;
      if (loaded === null) loaded = etag;
      latest = etag;
    } else return latest !== null && latest !== loaded;
    const changed = latest !== loaded;
    // Deployed and rolled back again before anyone refreshed: this page runs the live version.
    if (!changed) hide();
    else if (latest !== dismissed && !doc.getElementById(BANNER_ID)) render(false);
    return changed;
  }

  function check(): Promise<boolean> {
    inFlight ??= ask().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const onVisible = () => {
    if (doc.visibilityState === 'visible') void check();
  };
  doc.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(() => void check(), options.intervalMs ?? CHECK_INTERVAL_MS);
  // Known from the page: nothing to ask until the first interval or return to the tab (no request on the cold path).
  if (loaded === null) void check();
  return {
    check,
    stop() {
      clearInterval(timer);
      doc.removeEventListener('visibilitychange', onVisible);
      hide();
    },
  };
}
