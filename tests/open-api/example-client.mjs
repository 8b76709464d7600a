#!/usr/bin/env node
/**
 * An example caller of the FlexPay open API (docs/open-api.md), with nothing but node:crypto: it signs
 * a request by the client's sign type, encrypts the business data in modes 3/4, posts it, checks the
 * answer's signature and prints the business data.
 *
 * Against a demo server (the demo client CLI00000001 signs with tests/open-api/demo-client-private.pem):
 *   node tests/open-api/example-client.mjs --base http://127.0.0.1:9000 --api 1003001 --ent ENT0001
 * A single payout, then its status by the payout's request number:
 *   node tests/open-api/example-client.mjs --api 1004003 --ent ENT0001 --req-no PAY001 --biz '{"channel":1,"name":"…","idNumber":"…","account":"…","amount":"100.00"}'
 *   node tests/open-api/example-client.mjs --api 1004050 --ent ENT0001 --biz '{"payoutReqNo":"PAY001"}'
 * An MD5 client after 重置密钥 on /client/index (mode 3 also needs the AES key):
 *   node tests/open-api/example-client.mjs --client CLI00000002 --mode 3 --md5-key <MD5密钥> --aes-key <AES密钥> --ent ENT0002 --api 1003001
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

function options(argv) {
  const out = {
    base: process.env.FLEXPAY_URL ?? 'http://127.0.0.1:9000',
    client: 'CLI00000001',
    mode: '2',
    api: '1002001',
    ent: 'ENT0001',
    channel: undefined,
    key: path.join(here, 'demo-client-private.pem'),
    'md5-key': undefined,
    'aes-key': undefined,
    'platform-key': undefined,
    'req-no': undefined,
    biz: undefined,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in out)) throw new Error(`unknown option --${name}`);
    out[name] = argv[i + 1];
  }
  return out;
}

/** Every field but `sign`, non-empty, sorted by name, as name=value joined with &. */
const signingString = (fields) =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== undefined && fields[k] !== null && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

const md5Sign = (fields, md5Key) => crypto.createHash('md5').update(`${signingString(fields)}&key=${md5Key}`, 'utf8').digest('hex');
const rsaSign = (fields, privatePem) => crypto.sign('sha256', Buffer.from(signingString(fields), 'utf8'), privatePem).toString('base64');
const rsaValid = (fields, publicPem, sign) => crypto.verify('sha256', Buffer.from(signingString(fields), 'utf8'), publicPem, Buffer.from(sign, 'base64'));

/** AES-256-GCM with the 32-character AES key: base64(12-byte IV ‖ ciphertext ‖ 16-byte tag). */
function aesEncrypt(aesKey, text) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(aesKey, 'utf8'), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}
function aesDecrypt(aesKey, sealed) {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(aesKey, 'utf8'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}

async function main() {
  const o = options(process.argv.slice(2));
  const mode = Number(o.mode);
  const md5 = mode === 1 || mode === 3;
  const aes = mode === 3 || mode === 4;
  if (md5 && !o['md5-key']) throw new Error('MD5 签名需要 --md5-key（客户端列表的「重置密钥」只显示一次）');
  if (aes && !o['aes-key']) throw new Error('模式 3/4 需要 --aes-key');

  // --biz adds the call's own business fields: a payout's rows, a query's orderNo (docs/open-api.md).
  const biz = { entCode: o.ent, ...(o.channel !== undefined ? { channel: Number(o.channel) } : {}), ...(o.biz ? JSON.parse(o.biz) : {}) };
  const fields = {
    clientCode: o.client,
    apiCode: o.api,
    reqNo: o['req-no'] ?? `EX${Date.now()}${crypto.randomInt(1000, 9999)}`,
    timestamp: String(Date.now()),
    bizData: aes ? aesEncrypt(o['aes-key'], JSON.stringify(biz)) : JSON.stringify(biz),
  };
  const sign = md5 ? md5Sign(fields, o['md5-key']) : rsaSign(fields, fs.readFileSync(o.key, 'utf8'));
  console.log('请求:', JSON.stringify({ ...fields, sign }, null, 2));

  const response = await fetch(`${o.base}/api/open/gateway`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...fields, sign }) });
  const answer = await response.json();
  console.log('应答:', JSON.stringify(answer, null, 2));

  if (answer.sign) {
    const trusted = md5
      ? md5Sign(answer, o['md5-key']) === answer.sign
      : o['platform-key']
        ? rsaValid(answer, fs.readFileSync(o['platform-key'], 'utf8'), answer.sign)
        : null;
    console.log('应答签名:', trusted === null ? '未校验（用 --platform-key 指定密钥设置中的平台公钥）' : trusted ? '正确' : '错误');
    if (trusted === false) process.exitCode = 2;
  }
  if (answer.bizData) console.log('业务数据:', JSON.stringify(JSON.parse(aes ? aesDecrypt(o['aes-key'], answer.bizData) : answer.bizData), null, 2));
  if (answer.code !== 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
