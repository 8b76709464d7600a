import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { CLIENT_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { OPEN_MESSAGES } from '../src/open/open-api';
import { type Fields, md5Sign, md5Valid, rsaSign, rsaValid } from '../src/open/protocol';
import { OrderWorker } from '../src/domain/order/worker';
import { aesGcmDecrypt, aesGcmEncrypt, aesKeyBytes } from '../src/security/client-secrets';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { checkInvariants, goodTalents, readyTemp, row, type Talent } from './support/order';

process.env.FLEXPAY_SIM_DELAY_MS = '0';

const PAGE = { limit: 100, pageNum: 1 };
/** The security writes travel RSA-encrypted like the browser sends them. */
const ENC = { encrypt: true };
const DEMO_PRIVATE_KEY = fs.readFileSync(path.join(__dirname, '..', '..', 'tests', 'open-api', 'demo-client-private.pem'), 'utf8');

/** How a test caller signs: its client, the key it signs with, the AES key of modes 3/4. */
interface Caller {
  clientCode: string;
  md5Key?: string;
  privatePem?: string;
  aesKey?: string;
  /** The platform key checking RSA answers. */
  platformKey?: string;
}

describe.each(DIALECTS)('API clients and the open API on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  const ids = { mer1: 0, mer2: 0, ent1: 0, ent2: 0, ent3: 0, ent4: 0, ent5: 0 };
  let reqSeq = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [
      [sys, DEMO_USERS.SYS],
      [spr, DEMO_USERS.SPR],
      [mer, DEMO_USERS.MER],
      [ent, DEMO_USERS.ENT],
    ] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    const merId = async (code: string) => (await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', code).executeTakeFirstOrThrow()).id;
    const entId = async (code: string) => (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', code).executeTakeFirstOrThrow()).id;
    Object.assign(ids, {
      mer1: await merId('MER0001'),
      mer2: await merId('MER0002'),
      ent1: await entId('ENT0001'),
      ent2: await entId('ENT0002'),
      ent3: await entId('ENT0003'),
      ent4: await entId('ENT0004'),
      ent5: await entId('ENT0005'),
    });
  });
  afterAll(() => ctx.close());

  const newClient = async (body: Record<string, unknown>) => {
    const answer = await sys.post('client/mgr/create', { clientName: '测试客户端', ipWhitelist: '127.0.0.1', ...body });
    expect(answer.code).toBe(0);
    return answer.data.clientCode as string;
  };
  /** Full authorization of MER0001 and ENT0001 for a client. */
  const authorise = async (clientCode: string) => {
    expect((await sys.post('client/mgr/mercht/create', { clientCode, merchtId: ids.mer1, authorization: 3 })).code).toBe(0);
    expect((await sys.post('client/mgr/mercht/ent/create', { clientCode, merchtId: ids.mer1, entId: ids.ent1, authorization: 3 })).code).toBe(0);
  };

  const openCall = async (caller: Caller, apiCode: number | string, biz: unknown, options: { reqNo?: string; ip?: string; timestamp?: number; sign?: string } = {}) => {
    const plain = JSON.stringify(biz);
    const fields: Fields = {
      clientCode: caller.clientCode,
      apiCode: String(apiCode),
      reqNo: options.reqNo ?? `T${Date.now()}${++reqSeq}`,
      timestamp: String(options.timestamp ?? Date.now()),
      bizData: caller.aesKey ? aesGcmEncrypt(aesKeyBytes(caller.aesKey), plain) : plain,
    };
    const sign = options.sign ?? (caller.md5Key ? md5Sign(fields, caller.md5Key) : rsaSign(fields, caller.privatePem!));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/open/gateway',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...fields, sign }),
      remoteAddress: options.ip ?? '127.0.0.1',
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { code: number; message: string; reqNo?: string; bizData?: string; sign?: string; timestamp?: string };
  };
  /** The answer's signature checks out and its business data reads back. */
  const trusted = (caller: Caller, answer: Fields & { sign?: string; bizData?: string }) => {
    expect(caller.md5Key ? md5Valid(answer, caller.md5Key, answer.sign!) : rsaValid(answer, caller.platformKey!, answer.sign!)).toBe(true);
    return answer.bizData === undefined ? undefined : JSON.parse(caller.aesKey ? aesGcmDecrypt(aesKeyBytes(caller.aesKey), answer.bizData)! : answer.bizData);
  };

  describe('client calls (SYS)', () => {
    test('list and get show no key; other account types are refused 3001', async () => {
      const list = await sys.post('client/query/list', { cond: {}, page: PAGE, orderBy: [{ field: 'clientCode', dir: 'asc' }] });
      expect(list.code).toBe(0);
      expect(list.data.records.map((r: { clientCode: string }) => r.clientCode).slice(0, 4)).toEqual(['CLI00000001', 'CLI00000002', 'CLI00000003', 'CLI00000004']);
      expect(list.data.records[0]).toMatchObject({ clientName: '星辰物流ERP对接', signType: 'RSA', encryptMode: 2, status: 0, secretState: 'RSA公钥已设置', _actions: ['update', 'delete', 'disable', 'security'] });
      expect(list.data.records[1]._actions).toEqual(['update', 'delete', 'disable', 'security', 'resetSecret']);
      expect(list.data.records[1].secretState).toBe('MD5未生成 · AES未生成');
      for (const record of list.data.records) for (const hidden of ['md5KeyEnc', 'aesKeyEnc', 'rsaPublicKey', 'md5KeyTail']) expect(record).not.toHaveProperty(hidden);
      const got = await sys.post('client/query/get', { clientCode: 'CLI00000002' });
      expect(got.data).toMatchObject({ clientCode: 'CLI00000002', ipWhitelist: '203.0.113.0/24\n127.0.0.1' });
      expect((await sys.post('client/query/querySimple', {})).data.map((o: { value: string }) => o.value)).toContain('CLI00000003');
      for (const client of [spr, mer, ent]) {
        expect((await client.post('client/query/list', { cond: {}, page: PAGE })).code).toBe(3001);
        expect((await client.post('client/mgr/create', { clientName: '越权', signType: 'MD5', encryptMode: 1, ipWhitelist: '127.0.0.1' })).code).toBe(3001);
        expect((await client.post('client/query/securityFind', { clientCode: 'CLI00000001' })).code).toBe(3001);
        expect((await client.post('client/mgr/security/reset', { clientCode: 'CLI00000002' }, ENC)).code).toBe(3001);
        expect((await client.post('client/query/mercht/list', { cond: {}, page: PAGE })).code).toBe(3001);
        expect((await client.post('client/mgr/mercht/ent/create', { clientCode: 'CLI00000001', merchtId: ids.mer1, entId: ids.ent2, authorization: 3 })).code).toBe(3001);
      }
    });

    test('create and update are validated in Chinese and write nothing when refused', async () => {
      const valid = { clientName: '新客户端', signType: 'MD5', encryptMode: 3, ipWhitelist: '203.0.113.8\n2001:db8::/32' };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...valid, clientName: '' }, '请输入客户端名称'],
        [{ ...valid, clientName: '长'.repeat(51) }, '客户端名称不能超过50个字符'],
        [{ ...valid, signType: 'SHA1' }, '请选择有效的签名方式'],
        [{ ...valid, encryptMode: 5 }, '请选择有效的加密模式'],
        [{ ...valid, encryptMode: 2 }, CLIENT_MESSAGES.modeMismatch],
        [{ ...valid, signType: 'RSA' }, CLIENT_MESSAGES.modeMismatch],
        [{ ...valid, ipWhitelist: '' }, '请输入IP白名单'],
        [{ ...valid, ipWhitelist: '300.1.1.1' }, CLIENT_MESSAGES.ipWhitelist],
        [{ ...valid, ipWhitelist: '10.0.0.0/33' }, CLIENT_MESSAGES.ipWhitelist],
      ];
      const before = await ctx.db.selectFrom('client').select('clientCode').execute();
      for (const [body, message] of cases) expect(await sys.post('client/mgr/create', body).then((a) => [a.code, a.message])).toEqual([1001, message]);
      expect(await ctx.db.selectFrom('client').select('clientCode').execute()).toEqual(before);
      const code = await newClient(valid);
      expect(code).toMatch(/^CLI\d{8}$/);
      expect((await sys.post('client/mgr/update', { clientCode: code, encryptMode: 4 })).message).toBe(CLIENT_MESSAGES.modeMismatch);
      expect((await sys.post('client/mgr/update', { clientCode: code, signType: 'RSA', encryptMode: 4 })).data).toMatchObject({ signType: 'RSA', encryptMode: 4 });
      // The client's answered requests go with it (the resource's removedWith).
      await ctx.db.insertInto('open_request').values({ clientCode: code, reqNo: 'REQ-DELETE-1', apiCode: 1, answer: '{}', createdAt: Date.now() }).execute();
      expect((await sys.post('client/mgr/delete', { clientCode: code })).code).toBe(0);
      expect(await ctx.db.selectFrom('open_request').select('id').where('clientCode', '=', code).execute()).toEqual([]);
      expect((await sys.post('client/mgr/delete', { clientCode: 'CLI00000001' })).code).toBe(1009);
    });

    test('a reset answers the new keys once; afterwards only their last 4 characters; the database holds no usable key', async () => {
      const code = await newClient({ signType: 'MD5', encryptMode: 3 });
      expect((await sys.post('client/query/securityFind', { clientCode: code })).data).toMatchObject({ md5Key: null, aesKey: null, platformPublicKey: null });
      const reset = await sys.post('client/mgr/security/reset', { clientCode: code }, ENC);
      expect(reset.code).toBe(0);
      const { md5Key, aesKey } = reset.data;
      expect(md5Key).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(aesKey).toMatch(/^[A-Za-z0-9]{32}$/);
      const found = (await sys.post('client/query/securityFind', { clientCode: code })).data;
      expect(found.md5Key).toBe(`${'*'.repeat(28)}${md5Key.slice(-4)}`);
      expect(found.aesKey).toBe(`${'*'.repeat(28)}${aesKey.slice(-4)}`);
      expect(JSON.stringify(found)).not.toContain(md5Key);
      const row = await ctx.db.selectFrom('client').selectAll().where('clientCode', '=', code).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(md5Key.slice(0, 28));
      expect(JSON.stringify(row)).not.toContain(aesKey.slice(0, 28));
      expect((await sys.post('client/query/list', { cond: { clientCode: code }, page: PAGE })).data.records[0].secretState).toBe(`MD5…${md5Key.slice(-4)} · AES…${aesKey.slice(-4)}`);
      const again = await sys.post('client/mgr/security/reset', { clientCode: code }, ENC);
      expect(again.data.md5Key).not.toBe(md5Key);
      const trail = await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'client').where('entityId', '=', code).where('action', '=', 'resetSecret').execute();
      expect(trail).toHaveLength(2);
      expect(trail[0].changes).not.toContain(md5Key);
      expect(JSON.parse(trail[0].changes)).toEqual({ secret: { from: null, to: 'MD5密钥、AES密钥已重置' } });
      expect((await sys.post('client/mgr/security/reset', { clientCode: 'CLI00000001' }, ENC)).message).toBe(CLIENT_MESSAGES.noKeyToReset);
      expect((await sys.post('client/mgr/security/reset', { clientCode: 'CLI99999999' }, ENC)).code).toBe(1004);
    });

    test('the RSA public key is pasted and checked', async () => {
      const code = await newClient({ signType: 'RSA', encryptMode: 2 });
      const weak = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
      const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' });
      for (const bad of ['不是公钥', weak, ec, 42])
        expect(await sys.post('client/mgr/security/update', { clientCode: code, rsaPublicKey: bad }, ENC).then((a) => [a.code, a.message])).toEqual([1001, CLIENT_MESSAGES.rsaKey]);
      const pkcs1 = crypto.createPublicKey(DEMO_PRIVATE_KEY).export({ type: 'pkcs1', format: 'pem' });
      const saved = await sys.post('client/mgr/security/update', { clientCode: code, rsaPublicKey: `\n${pkcs1}\n` }, ENC);
      expect(saved.code).toBe(0);
      expect(saved.data.rsaPublicKey).toContain('-----BEGIN PUBLIC KEY-----');
      expect(saved.data.platformPublicKey).toContain('-----BEGIN PUBLIC KEY-----');
    });
  });

  describe('authorisations (DOMAIN.md §8)', () => {
    test('demo rows list with their effective codes; a merchant must be authorised before its enterprises', async () => {
      const merchants = await sys.post('client/query/mercht/list', { cond: { clientCode: 'CLI00000002' }, page: PAGE });
      expect(merchants.data.records).toEqual([expect.objectContaining({ clientName: '蓝海商城结算系统', merchtName: '上海启航商务咨询有限公司', authorization: 2, apiCodes: [1002001, 1003001, 1004050], apiCodeNames: '企业账户查询、余额查询、订单状态查询' })]);
      const ents = await sys.post('client/query/mercht/ent/list', { cond: { clientCode: 'CLI00000001', merchtId: ids.mer1 }, page: PAGE });
      expect(ents.data.records.map((r: { entName: string; apiCodeNames: string }) => [r.entName, r.apiCodeNames]).sort()).toEqual(
        [
          ['北京星辰物流有限公司', '全部接口'],
          ['深圳蓝海电子商务有限公司', '企业账户查询、余额查询'],
          ['北京星辰物流（天津）有限公司', '余额查询'],
        ].sort(),
      );
      const code = await newClient({ signType: 'MD5', encryptMode: 1 });
      const ent = (body: Record<string, unknown>) => sys.post('client/mgr/mercht/ent/create', { clientCode: code, merchtId: ids.mer1, entId: ids.ent1, authorization: 3, ...body });
      expect((await ent({})).message).toBe(CLIENT_MESSAGES.merchantFirst);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ authorization: 2, apiCodes: [] }, CLIENT_MESSAGES.apiCodesRequired],
        [{ authorization: 2, apiCodes: [1002001, 999] }, CLIENT_MESSAGES.apiCodes],
        [{ authorization: 2, apiCodes: [1002001, 1002001] }, CLIENT_MESSAGES.apiCodes],
        [{ authorization: 2, apiCodes: { a: 1 } }, CLIENT_MESSAGES.apiCodes],
        [{ authorization: 9 }, '请选择有效的授权状态'],
        [{ merchtId: undefined }, '请选择商户'],
      ];
      for (const [body, message] of cases)
        expect(await sys.post('client/mgr/mercht/create', { clientCode: code, merchtId: ids.mer1, ...body }).then((a) => [a.code, a.message])).toEqual([1001, message]);
      const merchant = await sys.post('client/mgr/mercht/create', { clientCode: code, merchtId: ids.mer1, authorization: 2, apiCodes: [1003001, 1002001] });
      expect(merchant.code).toBe(0);
      expect((await sys.post('client/mgr/mercht/create', { clientCode: code, merchtId: ids.mer1, authorization: 3 })).code).toBe(1009);
      expect((await ent({})).message).toBe(CLIENT_MESSAGES.entWithinMerchant);
      expect((await ent({ authorization: 2, apiCodes: [1004003] })).message).toBe(CLIENT_MESSAGES.entWithinMerchant);
      expect((await ent({ entId: ids.ent3 })).message).toBe(CLIENT_MESSAGES.entOfMerchant);
      const own = await ent({ authorization: 2, apiCodes: [1003001] });
      expect(own.code).toBe(0);
      // ENT0004 belongs to MER0003, a sub-merchant of MER0001.
      expect((await ent({ entId: ids.ent4, authorization: 2, apiCodes: [1002001] })).code).toBe(0);
      expect((await sys.post('client/mgr/mercht/update', { id: merchant.data.id, apiCodes: [1002001] })).message).toBe(CLIENT_MESSAGES.merchantShrinks);
      expect((await sys.post('client/mgr/mercht/update', { id: merchant.data.id, authorization: 3 })).data).toMatchObject({ authorization: 3, apiCodes: [], apiCodeNames: '全部接口' });
      expect((await sys.post('client/mgr/mercht/delete', { id: merchant.data.id })).message).toBe(CLIENT_MESSAGES.merchantHasEnts);
      expect((await sys.post('client/mgr/mercht/ent/update', { id: own.data.id, authorization: 1 })).data).toMatchObject({ authorization: 1, apiCodes: [], apiCodeNames: '无' });
    });
  });

  describe('the open API', () => {
    test.each([1, 2, 3, 4])('a correctly signed account query in encryption mode %s is answered, signed and encrypted back', async (mode) => {
      const md5 = mode === 1 || mode === 3;
      const code = await newClient({ signType: md5 ? 'MD5' : 'RSA', encryptMode: mode, ipWhitelist: '10.0.0.0/8\n127.0.0.1' });
      const caller: Caller = { clientCode: code };
      if (md5 || mode === 4) {
        const keys = (await sys.post('client/mgr/security/reset', { clientCode: code }, ENC)).data;
        Object.assign(caller, md5 ? { md5Key: keys.md5Key } : {}, keys.aesKey ? { aesKey: keys.aesKey } : {});
      }
      if (!md5) {
        const saved = await sys.post('client/mgr/security/update', { clientCode: code, rsaPublicKey: crypto.createPublicKey(DEMO_PRIVATE_KEY).export({ type: 'spki', format: 'pem' }) }, ENC);
        Object.assign(caller, { privatePem: DEMO_PRIVATE_KEY, platformKey: saved.data.platformPublicKey });
      }
      await authorise(code);
      const answer = await openCall(caller, 1002001, { entCode: 'ENT0001' }, { ip: '10.20.30.40' });
      expect([answer.code, answer.message]).toEqual([0, 'success']);
      if (mode >= 3) expect(() => JSON.parse(answer.bizData!)).toThrow();
      const account = trusted(caller, answer);
      expect(account).toMatchObject({ entCode: 'ENT0001', entName: '北京星辰物流有限公司', merchtCode: 'MER0001', status: 0 });
      expect(account.accounts.map((a: { channel: number }) => a.channel)).toEqual(expect.arrayContaining([0, 1]));
      const balance = await openCall(caller, 1003001, { entCode: 'ENT0001', channel: 1 });
      const stored = await ctx.db.selectFrom('ent_account').selectAll().where('entId', '=', ids.ent1).where('channel', '=', 1).executeTakeFirstOrThrow();
      expect(trusted(caller, balance)).toEqual({
        entCode: 'ENT0001',
        accounts: [expect.objectContaining({ channel: 1, available: (Number(stored.availableFen) / 100).toFixed(2), locked: (Number(stored.lockedFen) / 100).toFixed(2) })],
      });
      // ENT0001 asks for review of every payout sheet: the payout waits for its supplier.
      const talent = (await goodTalents(ctx.db, ids.ent1, (await ctx.db.selectFrom('ent').select('supplierId').where('id', '=', ids.ent1).executeTakeFirstOrThrow()).supplierId))[mode];
      const payout = trusted(caller, await openCall(caller, 1004003, { entCode: 'ENT0001', channel: 1, ...row(talent, `${mode}.01`) }));
      expect(payout).toMatchObject({ tempOrderNo: expect.stringMatching(/^TO\d{8}$/), tempOrderStatus: 20, tempOrderStatusName: '待审核', orderNo: null, amount: `${mode}.01`, lineCount: 1 });
    });

    test('the demo RSA client signs with the shipped demo key', async () => {
      const answer = await openCall({ clientCode: 'CLI00000001', privatePem: DEMO_PRIVATE_KEY }, 1003001, { entCode: 'ENT0002' });
      expect(answer.code).toBe(0);
    });

    test('wrong signature, stale timestamp, IP outside the whitelist, unauthorised enterprise or code and a disabled client are refused', async () => {
      const caller: Caller = { clientCode: 'CLI00000001', privatePem: DEMO_PRIVATE_KEY };
      const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const refused = async (answer: Promise<{ code: number; message: string; sign?: string }>, code: number, message: string) => {
        const a = await answer;
        expect([a.code, a.message]).toEqual([code, message]);
        return a;
      };
      const unsigned = await refused(openCall({ ...caller, privatePem: other }, 1002001, { entCode: 'ENT0001' }), 4001, '请求签名错误');
      expect(unsigned.sign).toBeUndefined();
      await refused(openCall(caller, 1002001, { entCode: 'ENT0001' }, { sign: 'abc' }), 4001, '请求签名错误');
      await refused(openCall(caller, 1002001, { entCode: 'ENT0001' }, { timestamp: Date.now() - 600_000 }), 4002, '请求时间戳无效或已过期，请校准本机时间后重试');
      await refused(openCall(caller, 1002001, { entCode: 'ENT0001' }, { ip: '192.0.2.1' }), 3001, OPEN_MESSAGES.ip);
      await refused(openCall({ ...caller, clientCode: 'CLI99999999' }, 1002001, { entCode: 'ENT0001' }), 4001, OPEN_MESSAGES.unknownClient);
      // ENT0005 may call the balance query only; ENT0003 is not authorised at all; ENT0001 has everything.
      await refused(openCall(caller, 1002001, { entCode: 'ENT0005' }), 3001, OPEN_MESSAGES.apiNotAuthorised);
      expect((await openCall(caller, 1003001, { entCode: 'ENT0005' })).code).toBe(0);
      await refused(openCall(caller, 1002001, { entCode: 'ENT0003' }), 3002, OPEN_MESSAGES.entNotAuthorised);
      await refused(openCall(caller, 9999999, { entCode: 'ENT0001' }), 1004, OPEN_MESSAGES.unknownApi);
      await refused(openCall(caller, 1002001, {}), 1001, OPEN_MESSAGES.entCode);
      await refused(openCall(caller, 1002001, [1, 2]), 1001, OPEN_MESSAGES.bizData);
      const missing = await ctx.app.inject({ method: 'POST', url: '/api/open/gateway', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ clientCode: 'CLI00000001' }) });
      expect(missing.json()).toEqual({ code: 1001, message: '缺少参数apiCode' });
      const code = await newClient({ signType: 'MD5', encryptMode: 1 });
      const keys = (await sys.post('client/mgr/security/reset', { clientCode: code }, ENC)).data;
      await authorise(code);
      const md5Caller = { clientCode: code, md5Key: keys.md5Key };
      expect((await openCall(md5Caller, 1002001, { entCode: 'ENT0001' })).code).toBe(0);
      expect((await sys.post('client/mgr/disable', { clientCode: code })).code).toBe(0);
      await refused(openCall(md5Caller, 1002001, { entCode: 'ENT0001' }), 2028, OPEN_MESSAGES.clientDisabled);
      expect((await sys.post('client/mgr/enable', { clientCode: code })).code).toBe(0);
      // A reset makes the old key useless.
      await sys.post('client/mgr/security/reset', { clientCode: code }, ENC);
      await refused(openCall(md5Caller, 1002001, { entCode: 'ENT0001' }), 4001, '请求签名错误');
    });

    test('a repeated request number answers the first answer, whatever the second request asks', async () => {
      const caller: Caller = { clientCode: 'CLI00000001', privatePem: DEMO_PRIVATE_KEY };
      const reqNo = `IDEM-${dialect}-1`;
      const first = await openCall(caller, 1003001, { entCode: 'ENT0001' }, { reqNo });
      expect(first.code).toBe(0);
      const again = await openCall(caller, 1002001, { entCode: 'ENT0002' }, { reqNo });
      expect(again).toEqual(first);
      const refusedFirst = await openCall(caller, 1002001, { entCode: 'ENT0005' }, { reqNo: `IDEM-${dialect}-2` });
      expect(refusedFirst.code).toBe(3001);
      expect(await openCall(caller, 1003001, { entCode: 'ENT0005' }, { reqNo: `IDEM-${dialect}-2` })).toEqual(refusedFirst);
      // A bad signature is not remembered: the number stays free for a correct request.
      expect((await openCall(caller, 1003001, { entCode: 'ENT0001' }, { reqNo: `IDEM-${dialect}-3`, sign: 'x' })).code).toBe(4001);
      expect((await openCall(caller, 1003001, { entCode: 'ENT0001' }, { reqNo: `IDEM-${dialect}-3` })).code).toBe(0);
      const [twin1, twin2] = await Promise.all([
        openCall(caller, 1003001, { entCode: 'ENT0001' }, { reqNo: `IDEM-${dialect}-4` }),
        openCall(caller, 1003001, { entCode: 'ENT0002' }, { reqNo: `IDEM-${dialect}-4` }),
      ]);
      expect(twin2).toEqual(twin1);
      const rows = await ctx.db.selectFrom('open_request').select('reqNo').where('clientCode', '=', 'CLI00000001').where('reqNo', 'like', `IDEM-${dialect}-%`).execute();
      expect(rows).toHaveLength(4);
    });
  });

  describe('open-API payouts', () => {
    const demo: Caller = { clientCode: 'CLI00000001', privatePem: DEMO_PRIVATE_KEY };
    let talents: Talent[];
    let worker: OrderWorker;
    const review = (tempOrderReview: number) => ctx.db.updateTable('ent_config').set({ tempOrderReview }).where('entId', '=', ids.ent1).execute();
    const tempIdOf = async (tempNo: string) => (await ctx.db.selectFrom('temp_order').select('id').where('tempNo', '=', tempNo).executeTakeFirstOrThrow()).id;

    beforeAll(async () => {
      demo.platformKey = (await sys.post('client/query/securityFind', { clientCode: demo.clientCode })).data.platformPublicKey;
      const { supplierId } = await ctx.db.selectFrom('ent').select('supplierId').where('id', '=', ids.ent1).executeTakeFirstOrThrow();
      talents = await goodTalents(ctx.db, ids.ent1, supplierId);
      worker = new OrderWorker({ db: ctx.db, dialect, pollMs: 10 });
      // A flat price: two orders of the same rows price alike whatever this month's volume is.
      expect((await sys.post('ent/mgr/feeConfig/update', { entId: ids.ent1, feePattern: 0, calcMode: 0, rounding: 0, ratio: '6.5' })).code).toBe(0);
    });

    test('a payout through the open API ends in the same ledger and fee log as one from the back-office', async () => {
      const rows = [row(talents[0], '1234.56'), row(talents[1], '800.33'), row({ ...talents[2], account: '6222020000000009999' }, '66.00')];
      const backOffice = await readyTemp(ent, spr, { entId: ids.ent1, channel: 1, rows });
      const viaSys = await sys.post('order/mgr/temp/transOrder', { id: backOffice });
      expect(viaSys.code).toBe(0);

      const reqNo = `PAY-${dialect}-1`;
      const open = trusted(demo, await openCall(demo, 1004002, { entCode: 'ENT0001', channel: 1, remark: '11月劳务费', rows }, { reqNo }));
      expect(open).toMatchObject({ payoutReqNo: reqNo, tempOrderStatus: 20, orderNo: null, amount: '2100.89', lineCount: 3 });
      // The supplier's pass turns the client's payout into an order at once: its signature confirmed it.
      const passed = await spr.post('order/mgr/temp/review', { id: await tempIdOf(open.tempOrderNo), pass: true });
      expect(passed.data).toMatchObject({ status: 30, orderNo: expect.stringMatching(/^PO/) });
      const queued = trusted(demo, await openCall(demo, 1004050, { entCode: 'ENT0001', payoutReqNo: reqNo }));
      expect(queued).toMatchObject({ tempOrderStatus: 30, orderNo: passed.data.orderNo, orderStatus: 0, orderStatusName: '已提交', fee: '136.56' });

      const orderNos = [viaSys.data.orderNo as string, passed.data.orderNo as string];
      await worker.drain();
      await checkInvariants(ctx.db, orderNos);
      const ledger = async (orderNo: string) => (await ctx.db.selectFrom('balance_log').select(['type', 'amountFen', 'bizType']).where('bizNo', '=', orderNo).orderBy('id').execute()).map((l) => [l.type, Number(l.amountFen), l.bizType]);
      const feeLog = async (orderNo: string) =>
        (await ctx.db.selectFrom('calc_fee_log').select(['rowNo', 'kind', 'amountFen', 'entFeeFen', 'merchtProfitFen', 'parentProfitFen', 'supIncomeFen']).where('orderNo', '=', orderNo).orderBy('id').execute()).map((l) =>
          Object.values(l).map((v) => (v === null ? null : Number(v))),
        );
      expect(await ledger(orderNos[1])).toEqual(await ledger(orderNos[0]));
      expect(await feeLog(orderNos[1])).toEqual(await feeLog(orderNos[0]));
      expect((await ledger(orderNos[1])).length).toBeGreaterThan(0);

      const done = trusted(demo, await openCall(demo, 1004050, { entCode: 'ENT0001', orderNo: orderNos[1] }));
      expect(done).toMatchObject({ orderStatus: 162, orderStatusName: '部分失败', successCount: 2, successAmount: '2034.89', failCount: 1, failAmount: '66.00' });
      expect(done.lines.map((l: { status: number; statusName: string }) => [l.status, l.statusName])).toEqual([[20, '代发成功'], [20, '代发成功'], [30, '代发失败']]);
      expect(done.lines[2]).toMatchObject({ reason: '收款账户不存在', account: '6222***********9999', payee: '66.00' });
      expect(done.lines[0].idNumber).toMatch(/^.{4}\*+.{4}$/);
      const trail = await ctx.db.selectFrom('audit_log').select(['operatorName', 'action']).where('entity', '=', 'tempOrder').where('entityId', '=', String(await tempIdOf(open.tempOrderNo))).orderBy('id').execute();
      expect(trail.map((t) => [t.operatorName, t.action])).toEqual([
        ['开放接口CLI00000001', 'upload'],
        ['开放接口CLI00000001', 'submitReview'],
        [expect.any(String), 'approve'],
        ['开放接口CLI00000001', 'transOrder'],
      ]);
    });

    test('a payout refused for a row, a gate or a code leaves nothing behind; a request number never pays twice', async () => {
      await review(0);
      const temps = async () => Number((await ctx.db.selectFrom('temp_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await temps();
      const wrongName = await openCall(demo, 1004002, { entCode: 'ENT0001', channel: 1, rows: [row(talents[3], '10.00'), row({ ...talents[4], name: '错名字' }, '20.00')] });
      expect([wrongName.code, wrongName.message]).toEqual([1001, '存在1条异常明细，请修改或删除后再提交']);
      expect(trusted(demo, wrongName)).toEqual({ rows: [{ rowNo: 2, errorType: 10, errorMsg: '姓名与人才档案不一致' }] });
      const noChannel = await openCall(demo, 1004003, { entCode: 'ENT0001', ...row(talents[3], '10.00') });
      expect([noChannel.code, noChannel.message]).toEqual([1001, OPEN_MESSAGES.channel]);
      expect((await openCall(demo, 1004002, { entCode: 'ENT0001', channel: 1, rows: 'x' })).message).toBe(OPEN_MESSAGES.rows);
      // ENT0002 is authorised for the queries only.
      expect((await openCall(demo, 1004003, { entCode: 'ENT0002', channel: 1, ...row(talents[3], '10.00') })).code).toBe(3001);
      expect(await temps()).toBe(before);

      const reqNo = `PAY-${dialect}-2`;
      const first = await openCall(demo, 1004003, { entCode: 'ENT0001', channel: 1, ...row(talents[3], '10.00') }, { reqNo });
      const paid = trusted(demo, first);
      expect(paid).toMatchObject({ tempOrderStatus: 30, orderNo: expect.stringMatching(/^PO/), orderStatus: 0, amount: '10.00', fee: '0.65' });
      expect(await openCall(demo, 1004003, { entCode: 'ENT0001', channel: 1, ...row(talents[3], '99.00') }, { reqNo })).toEqual(first);
      // The first answer was lost before it was kept (a crash): the request number on the temp order still answers it.
      await ctx.db.deleteFrom('open_request').where('clientCode', '=', 'CLI00000001').where('reqNo', '=', reqNo).execute();
      expect(trusted(demo, await openCall(demo, 1004003, { entCode: 'ENT0001', channel: 1, ...row(talents[3], '99.00') }, { reqNo }))).toMatchObject({ orderNo: paid.orderNo });
      const twins = await Promise.all([1, 2].map(() => openCall(demo, 1004003, { entCode: 'ENT0001', channel: 1, ...row(talents[4], '5.00') }, { reqNo: `PAY-${dialect}-3` })));
      expect(trusted(demo, twins[1]).orderNo).toBe(trusted(demo, twins[0]).orderNo);
      expect(await temps()).toBe(before + 2);
      const orders = await ctx.db.selectFrom('pay_order').select('orderNo').where('tempOrderNo', 'in', ctx.db.selectFrom('temp_order').select('tempNo').where('openReqNo', 'like', `PAY-${dialect}-%`)).execute();
      expect(orders).toHaveLength(3);

      // Another enterprise's order is not found through ENT0001; an unknown request number neither.
      const foreign = await ctx.db.selectFrom('pay_order').select('orderNo').where('entId', '<>', ids.ent1).executeTakeFirstOrThrow();
      for (const key of [{ orderNo: foreign.orderNo }, { payoutReqNo: 'NOPE' }, {}]) {
        const answer = await openCall(demo, 1004050, { entCode: 'ENT0001', ...key });
        expect(answer.message).toBe('orderNo' in key || 'payoutReqNo' in key ? OPEN_MESSAGES.noOrder : OPEN_MESSAGES.orderKey);
      }
      await worker.drain();
      await checkInvariants(ctx.db, orders.map((o) => o.orderNo));
      await review(1);
    });

    test('the example client of docs/open-api.md pays one line and reads its status', async () => {
      await review(0);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const script = path.join(__dirname, '..', '..', 'tests', 'open-api', 'example-client.mjs');
      const run = (...args: string[]) => promisify(execFile)(process.execPath, [script, '--base', base, '--ent', 'ENT0001', ...args]);
      const { name, idNumber, account } = talents[5];
      const reqNo = `EXAMPLE-${dialect}`;
      const paid = await run('--api', '1004003', '--req-no', reqNo, '--biz', JSON.stringify({ channel: 1, name, idNumber, account, amount: '12.34' }));
      expect(paid.stdout).toMatch(/"orderNo": "PO\d{8}"/);
      const status = await run('--api', '1004050', '--biz', JSON.stringify({ payoutReqNo: reqNo }));
      expect(status.stdout).toContain('"payoutReqNo": "EXAMPLE-');
      expect(status.stdout).toContain('"amount": "12.34"');
      await review(1);
    });
  });
});
