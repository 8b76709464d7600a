/** @jest-environment jsdom */
import { onRequest, ok, fail, sent, transportFailure } from './helpers/fake-http';
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { computeSign } from '../src/pure/sign';
import { ApiError, download, downloadTemplate, filenameFromDisposition, request, requestList } from '../src/api';
import { clearCredentials, setCredentials } from '../src/session/credentials';
import { confirmDialog } from '../src/ui/confirm';
import { beginLoading, endLoading } from '../src/ui/loading';
import { showError, showInfo, showWarning } from '../src/ui/toast';

jest.mock('../src/ui/toast', () => ({ showError: jest.fn(), showWarning: jest.fn(), showSuccess: jest.fn(), showInfo: jest.fn() }));
jest.mock('../src/ui/confirm', () => ({ confirmDialog: jest.fn() }));
jest.mock('../src/ui/loading', () => ({ beginLoading: jest.fn(), endLoading: jest.fn() }));

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const decrypt = (wire: string) =>
  Buffer.concat(
    wire.split(',').map((b64) => Buffer.from(forge.pki.privateKeyFromPem(privateKey).decrypt(forge.util.decode64(b64), 'RSAES-PKCS1-V1_5'), 'binary')),
  ).toString('utf8');

const last = () => sent[sent.length - 1];

beforeEach(() => {
  sent.length = 0;
  jest.clearAllMocks();
  clearCredentials();
});

describe('request', () => {
  it('POSTs signed JSON with the token header and resolves data', async () => {
    setCredentials('tok-1', 'sec-1');
    onRequest(() => ok({ id: 5 }));
    const body = { name: '张三', id: 5 };
    await expect(request('/ent/query/get', body)).resolves.toEqual({ id: 5 });
    const config = last();
    expect(config.method).toBe('post');
    expect(config.baseURL).toBe('/api/admin');
    expect(config.url).toBe('ent/query/get');
    expect(config.timeout).toBe(20000);
    expect(config.withCredentials).toBe(true);
    expect(config.headers['Access-Token']).toBe('tok-1');
    expect(JSON.parse(config.data as string)).toEqual(body);
    const { timestamp, sign } = config.params as { timestamp: number; sign: string };
    expect(Math.abs(Date.now() - timestamp)).toBeLessThan(5000);
    expect(sign).toBe(computeSign(body, 'sec-1', timestamp));
  });

  it('omits Access-Token and signs with an empty secret before login', async () => {
    onRequest(() => ok(null));
    await request('notice/show');
    expect(last().headers['Access-Token']).toBeUndefined();
    const { timestamp, sign } = last().params as { timestamp: number; sign: string };
    expect(sign).toBe(computeSign({}, '', timestamp));
  });

  it('shows the server message in red and rejects with ApiError for a non-zero code', async () => {
    onRequest(() => fail(1009, '用户名已存在'));
    const error = await request('user/subuser/update', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1009, message: '用户名已存在' });
    expect(showError).toHaveBeenCalledWith('用户名已存在');
  });

  it('falls back to 操作失败 and stays quiet when silent', async () => {
    onRequest(() => fail(5000));
    await expect(request('x/y')).rejects.toMatchObject({ message: '操作失败' });
    expect(showError).toHaveBeenCalledWith('操作失败');
    jest.mocked(showError).mockClear();
    await expect(request('x/y', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(showError).not.toHaveBeenCalled();
  });

  it('maps network errors and timeouts to the catalogue messages', async () => {
    onRequest(() => transportFailure('ERR_NETWORK'));
    await expect(request('a/b')).rejects.toMatchObject({ message: '当前网络不可用或无法请求到服务器，请稍后再试' });
    onRequest(() => transportFailure('ECONNABORTED'));
    await expect(request('a/b')).rejects.toMatchObject({ message: '网络请求超时，请稍后再试' });
    expect(jest.mocked(showError).mock.calls.map(([m]) => m)).toEqual([
      '当前网络不可用或无法请求到服务器，请稍后再试',
      '网络请求超时，请稍后再试',
    ]);
  });

  it('asks once to sign in again for concurrent session failures, and again after a cancel', async () => {
    let answer: (v: boolean) => void = () => undefined;
    jest.mocked(confirmDialog).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    onRequest(() => fail(2022, '登录已过期'));
    await Promise.allSettled([request('a'), request('b'), request('c')]);
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    expect(confirmDialog).toHaveBeenCalledWith({
      title: '确定重新登录',
      text: '你尚未登录或登录信息已失效，可以继续留在该页面，或者重新登录',
      confirmText: '重新登录',
      cancelText: '取消',
    });
    expect(showError).not.toHaveBeenCalled();
    await request('d').catch(() => undefined);
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    answer(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(showInfo).toHaveBeenCalledWith('已取消操作');
    onRequest(() => fail(2028, '账号已禁用'));
    await request('e').catch(() => undefined);
    expect(confirmDialog).toHaveBeenCalledTimes(2);
    answer(false);
  });

  it('does not ask again for a call that was already on its way when the user cancelled', async () => {
    // Everything within one millisecond, as on a fast machine: the calls' order decides, not the clock.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    let answer: (v: boolean) => void = () => undefined;
    jest.mocked(confirmDialog).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    let releaseLate: (reply: ReturnType<typeof fail>) => void = () => undefined;
    onRequest((config) =>
      config.url === 'late' ? new Promise((resolve) => (releaseLate = resolve)) : fail(2022, '登录已过期'),
    );
    const late = request('late').catch(() => undefined);
    await request('first').catch(() => undefined);
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    answer(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    releaseLate(fail(2022, '登录已过期'));
    await late;
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    await request('after').catch(() => undefined);
    expect(confirmDialog).toHaveBeenCalledTimes(2);
    answer(false);
    clock.mockRestore();
  });

  it('encrypts the listed calls with the cached public key and signs the plaintext', async () => {
    setCredentials('tok', 'sec');
    onRequest((config) => (config.url === 'captcha/publicKey' ? ok({ publicKey }) : ok(true)));
    const body = { password: 'Old@2026xx', newPassword: '新密码New@2026' };
    await request('user/changePassword', body);
    await request('/user/subuser/create', { username: 'abcde', password: 'Abcdefg1!' });
    expect(sent.map((c) => c.url)).toEqual(['captcha/publicKey', 'user/changePassword', 'user/subuser/create']);
    const wire = JSON.parse(sent[1].data as string) as { encrypted: string };
    expect(Object.keys(wire)).toEqual(['encrypted']);
    expect(JSON.parse(decrypt(wire.encrypted))).toEqual(body);
    const { timestamp, sign } = sent[1].params as { timestamp: number; sign: string };
    expect(sign).toBe(computeSign(body, 'sec', timestamp));
  });

  it('balances the loading mask on success and failure', async () => {
    onRequest(() => ok(1));
    await request('a', {}, { showLoading: true });
    onRequest(() => fail(1, 'x'));
    await request('a', {}, { showLoading: true }).catch(() => undefined);
    expect(beginLoading).toHaveBeenCalledTimes(2);
    expect(endLoading).toHaveBeenCalledTimes(2);
  });

  it('resolves the raw blob response with retOriginResp, and recognises an envelope error inside it', async () => {
    onRequest(() => ({ data: new Blob(['a,b\n1,2\n']), headers: { 'content-type': 'text/csv' } }));
    const response = await request('ent/balanceLog/export', {}, { retOriginResp: true });
    expect(response.data).toBeInstanceOf(Blob);
    onRequest(() => ({ data: new Blob([JSON.stringify({ code: 3001, message: '无权执行此操作' })]), headers: { 'content-type': 'application/json' } }));
    await expect(request('ent/balanceLog/export', {}, { retOriginResp: true })).rejects.toMatchObject({ code: 3001 });
    expect(showError).toHaveBeenCalledWith('无权执行此操作');
  });
});

describe('requestList', () => {
  it('drops empty conditions and reads records and total', async () => {
    onRequest(() => ok({ records: [{ id: 1 }], total: 31 }));
    const result = await requestList('cust/query/list', { cond: { name: '', phone: null, status: 0, ids: [] }, page: { limit: 10, pageNum: 2 } });
    expect(result).toEqual({ records: [{ id: 1 }], total: 31 });
    expect(JSON.parse(last().data as string)).toEqual({ cond: { status: 0 }, page: { limit: 10, pageNum: 2 } });
  });
});

describe('download', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:fake');
    URL.revokeObjectURL = jest.fn();
  });

  it('GETs the template signed over no body and saves it under the RFC 5987 name', async () => {
    setCredentials('tok', 'sec');
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onRequest(() => ({
      data: new Blob(['x'.repeat(100)]),
      headers: { 'content-disposition': `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('人才导入模板.xlsx')}` },
    }));
    const result = await downloadTemplate('custImport');
    expect(result.filename).toBe('人才导入模板.xlsx');
    expect(click).toHaveBeenCalledTimes(1);
    const config = last();
    expect(config.method).toBe('get');
    expect(config.url).toBe('captcha/document/download');
    const params = config.params as { tmplDoc: string; timestamp: number; sign: string };
    expect(params.tmplDoc).toBe('custImport');
    expect(params.sign).toBe(computeSign(undefined, 'sec', params.timestamp));
    click.mockRestore();
  });

  it('shows an envelope message as a warning and anything tiny as 下载失败', async () => {
    onRequest(() => ({ data: new Blob([JSON.stringify({ code: 1004, message: '模板不存在' })]), headers: { 'content-type': 'application/json' } }));
    await expect(download('captcha/document/download', { tmplDoc: 'x' })).rejects.toMatchObject({ message: '模板不存在' });
    expect(showWarning).toHaveBeenCalledWith('模板不存在');
    onRequest(() => ({ data: new Blob(['0123456789']), headers: {} }));
    await expect(download('f')).rejects.toMatchObject({ message: '下载失败' });
    expect(showError).toHaveBeenCalledWith('下载失败');
  });

  it('parses content-disposition names', () => {
    expect(filenameFromDisposition('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(filenameFromDisposition('attachment; filename=%E6%95%B0%E6%8D%AE.xlsx')).toBe('数据.xlsx');
    expect(filenameFromDisposition("attachment; filename*=utf-8''%E8%AE%A2%E5%8D%95.xlsx; filename=o.xlsx")).toBe('订单.xlsx');
    expect(filenameFromDisposition('inline')).toBeNull();
  });
});
