import { appHistory, appNamed, type AppReader, appRows, type AppStep, appVersion, appVersionCount, appVersionUrls, deployedByLabel, lastStepTo, madeCurrentBy, rollbackUrl } from '../../src/pure/rules/server';

const A = '@flexpay/people-app';
const B = '@flexpay/finance-app';
const step = (action: AppStep['action'], specifier: string, from: string | undefined, to: string, at: string, by?: AppStep['by']): AppStep => ({ action, specifier, from, to, at, by });

// people-app: built at u1, deployed u2, deployed u3, rolled back to u2; finance-app deployed in between.
const steps: AppStep[] = [
  step('deploy', A, '/u1', '/u2', '2026-11-01T01:00:00Z'),
  step('deploy', B, '/f1', '/f2', '2026-11-02T01:00:00Z'),
  step('deploy', A, '/u2', '/u3', '2026-11-03T01:00:00Z', { type: 'script', account: 'ci', name: 'ci' }),
  step('rollback', A, '/u3', '/u2', '2026-11-04T01:00:00Z', { type: 'account', account: 'admin', name: '平台管理员' }),
];

describe('应用版本 history rules', () => {
  test('who took a step: 脚本 without a record of it, the OS user of a script, the account by name', () => {
    expect(deployedByLabel(undefined)).toBe('脚本');
    expect(deployedByLabel({ type: 'script', account: 'ci', name: 'ci' })).toBe('脚本（ci）');
    expect(deployedByLabel({ type: 'account', account: 'admin', name: '平台管理员' })).toBe('平台管理员（admin）');
  });

  test('the step that made a URL current is the latest one, of that app only; the built URL has none', () => {
    expect(lastStepTo(steps, A, '/u2')?.action).toBe('rollback');
    expect(lastStepTo(steps, A, '/u3')?.at).toBe('2026-11-03T01:00:00Z');
    expect(lastStepTo(steps, A, '/u1')).toBeNull();
    expect(lastStepTo(steps, B, '/u2')).toBeNull();
  });

  test('the URLs: the current one first, then newest first, each once, other apps left out', () => {
    expect(appVersionUrls(steps, A, '/u2')).toEqual(['/u2', '/u3', '/u1']);
    expect(appVersionUrls(steps, B, '/f2')).toEqual(['/f2', '/f1']);
    // A current URL the history never named (the map edited by hand) still leads.
    expect(appVersionUrls(steps, A, '/u9')).toEqual(['/u9', '/u2', '/u3', '/u1']);
    expect(appVersionUrls([], A, '/u1')).toEqual(['/u1']);
    expect(appVersionCount(steps, A)).toBe(3);
    expect(appVersionCount(steps, '@flexpay/tasks-app')).toBe(0);
  });

  test('who made a URL current and when: its last step (time formatted, account named), else the build at the file time', () => {
    const at = (iso: string) => `at ${iso}`;
    expect(madeCurrentBy(lastStepTo(steps, A, '/u2'), at, '2026-10-01 08:00:00')).toEqual({ deployedAt: 'at 2026-11-04T01:00:00Z', deployedBy: '平台管理员（admin）', action: 'rollback' });
    expect(madeCurrentBy(lastStepTo(steps, A, '/u1'), at, '2026-10-01 08:00:00')).toEqual({ deployedAt: '2026-10-01 08:00:00', deployedBy: '构建', action: 'build' });
    expect(madeCurrentBy(null, at)).toEqual({ deployedAt: null, deployedBy: '构建', action: 'build' });
  });

  test('one URL as the screen shows it: the file\'s facts, else the release folder\'s digest from the URL and nothing on disk', () => {
    const at = (ms: number) => `t${ms}`;
    const url = '/releases/people-app/0123456789ab/people-app.js';
    expect(appVersion(url, { hash: 'feedfacecafe', size: 2048, gzipSize: 700, mtimeMs: 5 }, at)).toEqual({ url, hash: 'feedfacecafe', size: 2048, gzipSize: 700, onDisk: true, fileTime: 't5' });
    expect(appVersion(url, null, at)).toEqual({ url, hash: '0123456789ab', size: null, gzipSize: null, onDisk: false, fileTime: null });
    expect(appVersion('/people-app/dist/people-app.js', null, at)).toMatchObject({ hash: null, onDisk: false });
  });

  test('the list and one app\'s history from the map, the steps and how a URL is read', () => {
    const read: AppReader<AppStep> = {
      version: (url) => appVersion(url, url === '/u2' ? { hash: 'abcabcabcabc', size: 10, gzipSize: 5, mtimeMs: 1 } : null, () => 'built'),
      at: (iso) => (iso ? `at ${iso}` : null),
      previous: (list, specifier, url) => list.find((s) => s.specifier === specifier && s.to === url)?.from,
    };
    const list = appRows({ [A]: '/u2', [B]: '/f2', 'react': '/r.js' }, steps, read);
    expect(list.total).toBe(2);
    expect(list.records[0]).toEqual({ app: 'people-app', specifier: A, url: '/u2', hash: 'abcabcabcabc', size: 10, gzipSize: 5, onDisk: true, fileTime: 'built', deployedAt: 'at 2026-11-04T01:00:00Z', deployedBy: '平台管理员（admin）', action: 'rollback', previousUrl: '/u1', versions: 3 });
    expect(list.records[1]).toMatchObject({ app: 'finance-app', onDisk: false, hash: null, deployedBy: '脚本', previousUrl: '/f1', versions: 2 });
    const history = appHistory(A, '/u2', steps, read);
    expect(history).toMatchObject({ app: 'people-app', specifier: A, current: '/u2', previousUrl: '/u1' });
    expect(history.versions.map((v) => [v.url, v.current, v.onDisk, v.deployedBy])).toEqual([['/u2', true, true, '平台管理员（admin）'], ['/u3', false, false, '脚本（ci）'], ['/u1', false, false, '构建']]);
    expect(history.entries.map((e) => [e.action, e.from, e.to, e.by])).toEqual([['rollback', '/u3', '/u2', '平台管理员（admin）'], ['deploy', '/u2', '/u3', '脚本（ci）'], ['deploy', '/u1', '/u2', '脚本']]);
    expect(history.entries[0].at).toBe('at 2026-11-04T01:00:00Z');
  });

  test('the app a request names: its key, specifier and live URL; none or one not in the map is refused', () => {
    const imports = { [A]: '/u2', react: '/react.js' };
    expect(appNamed(imports, 'people-app')).toEqual({ app: 'people-app', specifier: A, url: '/u2' });
    expect(appNamed(imports, '')).toEqual({ error: '请选择应用' });
    expect(appNamed(imports, 3)).toEqual({ error: '请选择应用' });
    expect(appNamed(imports, 'finance-app')).toEqual({ error: '应用不存在' });
    expect(appNamed(imports, 'constructor')).toEqual({ error: '应用不存在' });
  });

  test('the URL a rollback asks for: none is the one before, a text up to 500 characters, anything else refused', () => {
    for (const none of [undefined, null, '']) expect(rollbackUrl(none)).toEqual({ url: undefined });
    expect(rollbackUrl('/u1')).toEqual({ url: '/u1' });
    expect(rollbackUrl(`/${'a'.repeat(499)}`)).toEqual({ url: `/${'a'.repeat(499)}` });
    expect(rollbackUrl(`/${'a'.repeat(500)}`)).toEqual({ error: '版本地址格式错误' });
    expect(rollbackUrl(42)).toEqual({ error: '版本地址格式错误' });
  });
});
