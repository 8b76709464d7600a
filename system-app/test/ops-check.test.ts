import { describeAnswer } from '../src/ops/check-module';

describe('检查: what the isolated frame’s answer means', () => {
  const app = '@flexpay/people-app';

  test('a micro-app that loads and hands over its lifecycles passes', () => {
    const result = describeAnswer(app, { ok: true, exported: { bootstrap: 'function', mount: 'function', unmount: 'function' }, errors: [], ms: 120 });
    expect(result).toEqual({ ok: true, ms: 120, message: '加载成功（120 ms，导出 3 项）' });
  });

  test('a load failure reports SystemJS’s error and every error the frame saw', () => {
    const result = describeAnswer(app, { ok: false, message: 'Error loading http://x/apps/people-app/1/a.js', errors: ['无法加载 http://x/shared/react.js', 'boom'], ms: 30 });
    expect(result.ok).toBe(false);
    expect(result.message).toBe('加载失败：Error loading http://x/apps/people-app/1/a.js；无法加载 http://x/shared/react.js；boom');
  });

  test('SystemJS’s docs link and a frame error repeating its URL are left out', () => {
    const url = 'http://x/apps/people-app/0a1b2c3d4e5f/flexpay-people-app.js';
    const result = describeAnswer(app, {
      ok: false,
      message: `Error loading ${url} (SystemJS Error#3 https://github.com/systemjs/systemjs/blob/main/docs/errors.md#3)`,
      errors: [`无法加载 ${url}`],
      ms: 9,
    });
    expect(result.message).toBe(`加载失败：Error loading ${url} (SystemJS Error#3)`);
  });

  test('a micro-app without single-spa lifecycles fails; a library module only has to load', () => {
    expect(describeAnswer(app, { ok: true, exported: { mount: 'function' }, errors: [], ms: 5 })).toMatchObject({ ok: false, message: '加载成功，但缺少生命周期函数：bootstrap、unmount' });
    expect(describeAnswer('@flexpay/shared-utility', { ok: true, exported: { request: 'function' }, errors: [], ms: 5 }).ok).toBe(true);
  });
});
