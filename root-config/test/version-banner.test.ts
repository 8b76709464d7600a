import { BANNER_ID, startVersionWatch, UNSAVED_TEXT, UPDATED_TEXT, type VersionWatch } from '../src/version-banner';

/** A server whose import map has an ETag the test changes; answers 304 to a matching If-None-Match. */
function fakeServer(initial: string) {
  const server = { etag: initial, calls: [] as Array<Record<string, string>>, down: false };
  const fetch = jest.fn(async (_url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    server.calls.push(headers);
    if (server.down) throw new TypeError('network');
    const status = headers['If-None-Match'] === server.etag ? 304 : 200;
    return { status, headers: new Headers({ ETag: server.etag }) };
  });
  return { server, fetch };
}

const banner = () => document.getElementById(BANNER_ID);
const buttonNamed = (name: string) => [...banner()!.querySelectorAll('button')].find((b) => b.textContent === name)!;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the new-version banner', () => {
  let watch: VersionWatch | undefined;
  afterEach(() => {
    watch?.stop();
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  test('the map this page loaded shows nothing; a changed ETag shows 应用已更新 with 刷新, and nothing reloads by itself', async () => {
    const { server, fetch } = fakeServer('"v1"');
    const reload = jest.fn();
    watch = startVersionWatch({ fetch, reload });
    expect(await watch.check()).toBe(false);
    expect(await watch.check()).toBe(false);
    expect(banner()).toBeNull();
    // Asked conditionally, so an unchanged map costs a 304.
    expect(server.calls.at(-1)).toEqual({ 'If-None-Match': '"v1"' });
    server.etag = '"v2"';
    expect(await watch.check()).toBe(true);
    expect(banner()!.textContent).toContain(UPDATED_TEXT);
    expect(reload).not.toHaveBeenCalled();
    buttonNamed('刷新').click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('checked every 60 s and when the tab becomes visible', async () => {
    jest.useFakeTimers();
    const { server, fetch } = fakeServer('"v1"');
    watch = startVersionWatch({ fetch, reload: jest.fn() });
    await jest.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    server.etag = '"v2"';
    await jest.advanceTimersByTimeAsync(59_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(banner()).not.toBeNull();
    document.dispatchEvent(new Event('visibilitychange'));
    await jest.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  test('with a dialog open, 刷新 asks first (unsaved input is never lost without a second click)', async () => {
    const { server, fetch } = fakeServer('"v1"');
    const reload = jest.fn();
    watch = startVersionWatch({ fetch, reload });
    await watch.check();
    server.etag = '"v2"';
    await watch.check();
    const dialog = document.createElement('div');
    dialog.className = 'bp6-dialog';
    document.body.appendChild(dialog);
    buttonNamed('刷新').click();
    expect(reload).not.toHaveBeenCalled();
    expect(banner()!.textContent).toContain(UNSAVED_TEXT);
    buttonNamed('取消').click();
    expect(banner()!.textContent).toContain(UPDATED_TEXT);
    buttonNamed('刷新').click();
    buttonNamed('仍然刷新').click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a page that carries its import map inline starts from that map’s ETag: no request at start, a deploy after it still shows', async () => {
    const { server, fetch } = fakeServer('"v2"');
    document.head.innerHTML = '<script type="systemjs-importmap" data-etag="&quot;v1&quot;">{"imports":{}}</script>';
    try {
      watch = startVersionWatch({ fetch, reload: jest.fn() });
      await flush();
      expect(fetch).not.toHaveBeenCalled();
      // The server's map changed between the page and the first check: that is a new version for this page.
      expect(await watch.check()).toBe(true);
      expect(server.calls[0]).toEqual({ 'If-None-Match': '"v1"' });
      expect(banner()!.textContent).toContain(UPDATED_TEXT);
    } finally {
      document.head.innerHTML = '';
    }
  });

  test('rolled back to the loaded map before a refresh: the banner goes; 稍后 hides it until the next change; offline keeps it', async () => {
    const { server, fetch } = fakeServer('"v1"');
    watch = startVersionWatch({ fetch, reload: jest.fn() });
    await watch.check();
    server.etag = '"v2"';
    await watch.check();
    expect(banner()).not.toBeNull();
    server.down = true;
    expect(await watch.check()).toBe(true);
    expect(banner()).not.toBeNull();
    server.down = false;
    server.etag = '"v1"';
    expect(await watch.check()).toBe(false);
    expect(banner()).toBeNull();
    server.etag = '"v2"';
    await watch.check();
    buttonNamed('稍后').click();
    expect(banner()).toBeNull();
    await watch.check();
    expect(banner()).toBeNull();
    server.etag = '"v3"';
    await watch.check();
    expect(banner()).not.toBeNull();
    await flush();
  });
});
