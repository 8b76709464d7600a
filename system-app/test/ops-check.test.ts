import { describeAnswer } from '../src/ops/check-module';

describe('检查: what the isolated frame’s answer means', () => {
  const app = '@flexpay/people-app';

  test('a micro-app that loads and hands over its lifecycles passes', () => {
    const result = describeAnswer(app, { ok: true, exported: { bootstrap: 'function', mount: 'function', unmount: 'function' }, errors: [], ms: 120 });
    expect(result).toEqual({ ok: true, ms: 120, message: '加载成功（120 ms，导出 3 项）' });
  });

  test('a load failure reports SystemJS’s error and every error the frame saw', () => {
    const result = describeAnswer(app, { ok: false, message: 'Error loading http://x/apps/people-app/1/a.js', errors: ['无法加载 http://x/apps/people-app/1/a.js'], ms: 30 });
    expect(result.ok).toBe(false);
    expect(result.message).toBe('加载失败：Error loading http://x/apps/people-app/1/a.js；无法加载 http://x/apps/people-app/1/a.js');
  });

  test('a micro-app without single-spa lifecycles fails; a library module only has to load', () => {
    expect(describeAnswer(app, { ok: true, exported: { mount: 'function' }, errors: [], ms: 5 })).toMatchObject({ ok: false, message: '加载成功，但缺少生命周期函数：bootstrap、unmount' });
    expect(describeAnswer('@flexpay/shared-utility', { ok: true, exported: { request: 'function' }, errors: [], ms: 5 }).ok).toBe(true);
  });
});
