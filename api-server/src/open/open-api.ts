/**
 * The open API (docs/open-api.md): POST /api/open/gateway, outside the admin API's sessions. A call
 * names its client, business API code, request number, timestamp and business data, signed by the
 * client's sign type and encrypted by its encryption mode. Checked in this order: shape, client,
 * status, IP whitelist, timestamp, signature, decryption; then a request number seen before answers
 * its first answer; then the enterprise's and its merchant's authorization and business codes.
 * Answers after a valid signature are signed back (MD5 key, or the platform's open-API key for RSA)
 * and kept by request number.
 */
import { authorizedCodes, BUSINESS_API_CODES, ENUMS, enumLabel, formatFen, ipAllowed, maskMiddle, MONEY_MESSAGES, modeUsesAes, PAYOUT_FIELDS, pick } from '@flexpay/shared-utility/src/pure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { openPayout } from '../domain/order/temp-writes';
import { dbErrorAnswer } from '../http/db-errors';
import { Code, Messages } from '../http/codes';
import { ApiError, refuse } from '../http/envelope';
import type { AppDeps } from '../http/guard';
import type { Row } from '../resource/codec';
import { aesGcmDecrypt, aesGcmEncrypt, aesKeyBytes, sealKeyOf } from '../security/client-secrets';
import { timestampFresh } from '../security/signature';
import { openKeyPair } from '../security/open-keys';
import { type Fields, md5Sign, md5Valid, rsaSign, rsaValid } from './protocol';

export const OPEN_PREFIX = '/api/open';

export const OPEN_MESSAGES = {
  notObject: '请求内容必须是JSON对象',
  fieldType: '请求参数须为字符串或数字',
  reqNo: '请求流水号须为1到64位字母、数字、下划线或短横线',
  unknownClient: '客户端不存在',
  clientDisabled: '客户端已禁用',
  ip: 'IP地址不在客户端白名单内',
  noKey: '客户端密钥未设置，请联系平台运营',
  bizData: '业务参数须为JSON对象',
  unknownApi: '业务接口不存在',
  entCode: '请输入企业编码',
  entNotAuthorised: '客户端未获得该企业的授权',
  apiNotAuthorised: '客户端未获得该业务接口的授权',
  channel: '支付通道格式错误',
  rows: '请提供代发明细rows',
  row: '代发明细须为JSON对象',
  orderKey: '请输入订单号orderNo或代发请求流水号payoutReqNo',
  noOrder: '订单不存在',
} as const;

const REQUIRED = ['clientCode', 'apiCode', 'reqNo', 'timestamp', 'sign'] as const;

export interface OpenAnswer {
  code: number;
  message: string;
  reqNo?: string;
  timestamp?: string;
  bizData?: string;
  sign?: string;
}

/** The calling client and its request number. */
interface OpenRequest {
  clientCode: string;
  reqNo: string;
}
type Handler = (deps: AppDeps, ent: Row, params: Row, request: OpenRequest) => Promise<unknown>;

/** 1002001: the enterprise and its pay-channel accounts. */
const accountQuery: Handler = async (deps, ent) => {
  const accounts = await deps.db.selectFrom('ent_account').select(['channel', 'status']).where('entId', '=', ent.id as number).orderBy('channel').execute();
  return {
    entCode: ent.entCode,
    entName: ent.entName,
    merchtCode: ent.merchtCode,
    merchtName: ent.merchtName,
    status: ent.status,
    accounts: accounts.map((a) => ({ channel: a.channel, channelName: enumLabel(ENUMS.payChannel, a.channel), status: a.status })),
  };
};

/** 1003001: balances per channel, read from the ledger's accounts (domain/ent/ledger.ts keeps them). */
const balanceQuery: Handler = async (deps, ent, params) => {
  let query = deps.db.selectFrom('ent_account').selectAll().where('entId', '=', ent.id as number);
  if (params.channel !== undefined && params.channel !== null && params.channel !== '') {
    const channel = Number(params.channel);
    if (!Number.isInteger(channel) || channel < 0 || channel > 999) refuse(Code.VALIDATION, OPEN_MESSAGES.channel);
    query = query.where('channel', '=', channel);
  }
  const accounts = await query.orderBy('channel').execute();
  if (accounts.length === 0 && params.channel !== undefined) refuse(Code.VALIDATION, MONEY_MESSAGES.noAccount);
  return {
    entCode: ent.entCode,
    accounts: accounts.map((a) => ({
      channel: a.channel,
      channelName: enumLabel(ENUMS.payChannel, a.channel),
      available: formatFen(Number(a.availableFen)),
      locked: formatFen(Number(a.lockedFen)),
      allowOverdraft: a.allowOverdraft === 1,
      overdraftLimit: formatFen(Number(a.overdraftLimitFen)),
    })),
  };
};


const trimmed = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : null);

function channelOf(params: Row): number {
  const channel = Number(params.channel);
  if (params.channel === undefined || params.channel === null || params.channel === '' || !Number.isInteger(channel) || channel < 0 || channel > 999) refuse(Code.VALIDATION, OPEN_MESSAGES.channel);
  return channel;
}

/** Where a payout stands: its temp order, and its order with the lines' outcome once there is one. */
async function payoutState(deps: AppDeps, temp: { tempNo: string; status: number; amountFen: number; detailCount: number; orderNo: string | null; openReqNo: string | null }) {
  const order = temp.orderNo ? await deps.db.selectFrom('pay_order').selectAll().where('orderNo', '=', temp.orderNo).executeTakeFirst() : undefined;
  return {
    payoutReqNo: temp.openReqNo,
    tempOrderNo: temp.tempNo,
    tempOrderStatus: temp.status,
    tempOrderStatusName: enumLabel(ENUMS.tempOrderStatus, temp.status),
    orderNo: order?.orderNo ?? null,
    orderStatus: order?.status ?? null,
    orderStatusName: order ? enumLabel(ENUMS.orderStatus, order.status) : null,
    amount: formatFen(Number(order?.amountFen ?? temp.amountFen)),
    fee: order ? formatFen(Number(order.feeFen)) : null,
    lineCount: order?.detailCount ?? temp.detailCount,
    successCount: order?.successCount ?? 0,
    successAmount: formatFen(Number(order?.successFen ?? 0)),
    failCount: order?.failCount ?? 0,
    failAmount: formatFen(Number(order?.failFen ?? 0)),
  };
}

const tempOf = (deps: AppDeps) => deps.db.selectFrom('temp_order').select(['tempNo', 'status', 'amountFen', 'detailCount', 'orderNo', 'openReqNo', 'entId']);

/**
 * 1004002/1004003: the rows go through openPayout (the back-office's services in one transaction). A
 * request number already on a temp order of this client — a retry whose first answer was lost, or
 * two copies racing for the unique index — answers where that payout stands.
 */
async function payout(deps: AppDeps, ent: Row, params: Row, request: OpenRequest, rows: unknown[]): Promise<unknown> {
  const earlier = () => tempOf(deps).where('openClientCode', '=', request.clientCode).where('openReqNo', '=', request.reqNo).executeTakeFirst();
  const seen = await earlier();
  if (seen) return payoutState(deps, seen);
  const channel = channelOf(params);
  if (rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) refuse(Code.VALIDATION, OPEN_MESSAGES.row);
  const picked = rows.map((r) => pick(r as Row, PAYOUT_FIELDS));
  try {
    await openPayout(deps, request, ent.id as number, channel, picked, { packageCode: trimmed(params.packageCode, 32), remark: trimmed(params.remark, 200) });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const raced = dbErrorAnswer(error)?.code === Code.CONFLICT ? await earlier() : undefined;
    if (!raced) throw error;
  }
  return payoutState(deps, (await earlier())!);
}

/** 1004002: `rows` as the back-office's payout sheet. */
const batchPayout: Handler = async (deps, ent, params, request) => {
  if (!Array.isArray(params.rows)) return refuse(Code.VALIDATION, OPEN_MESSAGES.rows);
  return payout(deps, ent, params, request, params.rows);
};

/** 1004003: one row, its fields beside entCode and channel. */
const singlePayout: Handler = async (deps, ent, params, request) => payout(deps, ent, params, request, [params]);

/** 1004050: an order of the enterprise by its number, or a payout of this client by its request number, with its lines. */
const orderQuery: Handler = async (deps, ent, params, request) => {
  const orderNo = trimmed(params.orderNo, 32);
  const payoutReqNo = trimmed(params.payoutReqNo, 64);
  if (!orderNo && !payoutReqNo) refuse(Code.VALIDATION, OPEN_MESSAGES.orderKey);
  let query = tempOf(deps).where('entId', '=', ent.id as number);
  query = orderNo ? query.where('orderNo', '=', orderNo) : query.where('openClientCode', '=', request.clientCode).where('openReqNo', '=', payoutReqNo);
  const temp = await query.executeTakeFirst();
  if (!temp) return refuse(Code.NOT_FOUND, OPEN_MESSAGES.noOrder);
  const lines = temp.orderNo ? await deps.db.selectFrom('order_detail').selectAll().where('orderNo', '=', temp.orderNo).orderBy('rowNo').execute() : [];
  return {
    ...(await payoutState(deps, temp)),
    lines: lines.map((l) => ({
      rowNo: l.rowNo,
      name: l.name,
      idNumber: maskMiddle(l.idNumber),
      account: maskMiddle(l.account),
      amount: formatFen(Number(l.amountFen)),
      fee: formatFen(Number(l.feeFen)),
      payee: formatFen(Number(l.payeeFen)),
      status: l.status,
      statusName: enumLabel(ENUMS.orderDetailStatus, l.status),
      reason: l.reason ?? null,
    })),
  };
};

const HANDLERS: Record<number, Handler> = { 1002001: accountQuery, 1003001: balanceQuery, 1004002: batchPayout, 1004003: singlePayout, 1004050: orderQuery };

export function registerOpenApi(app: FastifyInstance, deps: AppDeps): void {
  const sealKey = sealKeyOf(deps.keys.privatePem);
  const db = deps.db;

  async function answer(request: FastifyRequest): Promise<OpenAnswer> {
    const now = deps.now();
    const body = request.body as Fields | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return { code: Code.VALIDATION, message: OPEN_MESSAGES.notObject };
    if (Object.values(body).some((v) => typeof v !== 'string' && typeof v !== 'number' && v !== null))
      return { code: Code.VALIDATION, message: OPEN_MESSAGES.fieldType };
    const text = (name: string) => (body[name] === undefined || body[name] === null ? '' : String(body[name]));
    const reqNo = text('reqNo');
    const missing = REQUIRED.find((name) => text(name) === '');
    if (missing) return { code: Code.VALIDATION, message: `缺少参数${missing}`, ...(reqNo ? { reqNo } : {}) };
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(reqNo)) return { code: Code.VALIDATION, message: OPEN_MESSAGES.reqNo };

    // Before the signature: nothing is signed back, as the caller is not known to hold the key.
    const client = text('clientCode').length <= 16 ? await db.selectFrom('client').selectAll().where('clientCode', '=', text('clientCode')).executeTakeFirst() : undefined;
    if (!client) return { code: Code.BAD_SIGNATURE, message: OPEN_MESSAGES.unknownClient, reqNo };
    if (client.status !== 0) return { code: Code.ACCOUNT_DISABLED, message: OPEN_MESSAGES.clientDisabled, reqNo };
    if (!ipAllowed(client.ipWhitelist, request.ip)) return { code: Code.NO_PERMISSION, message: OPEN_MESSAGES.ip, reqNo };
    if (!timestampFresh(text('timestamp'), now)) return { code: Code.STALE_TIMESTAMP, message: Messages.staleTimestamp, reqNo };
    const md5Key = client.signType === 'MD5' && client.md5KeyEnc ? aesGcmDecrypt(sealKey, client.md5KeyEnc) : null;
    const aesKey = modeUsesAes(client.encryptMode) && client.aesKeyEnc ? aesGcmDecrypt(sealKey, client.aesKeyEnc) : null;
    if ((client.signType === 'MD5' ? !md5Key : !client.rsaPublicKey) || (modeUsesAes(client.encryptMode) && !aesKey))
      return { code: Code.BAD_SIGNATURE, message: OPEN_MESSAGES.noKey, reqNo };
    const sign = text('sign');
    const signed = client.signType === 'MD5' ? md5Valid(body, md5Key!, sign) : rsaValid(body, client.rsaPublicKey!, sign);
    if (!signed) return { code: Code.BAD_SIGNATURE, message: Messages.badSignature, reqNo };

    /** An answer the client can trust: signed like its requests, business data encrypted like them. */
    const reply = (code: number, message: string, data?: unknown): OpenAnswer => {
      const out: OpenAnswer = { code, message, reqNo, timestamp: String(now) };
      if (data !== undefined) out.bizData = aesKey ? aesGcmEncrypt(aesKeyBytes(aesKey), JSON.stringify(data)) : JSON.stringify(data);
      out.sign = md5Key ? md5Sign(out as unknown as Fields, md5Key) : rsaSign(out as unknown as Fields, openKeyPair(deps).privatePem);
      return out;
    };

    let params: Row;
    const bizText = text('bizData') || '{}';
    const plain = aesKey ? aesGcmDecrypt(aesKeyBytes(aesKey), bizText) : bizText;
    if (plain === null) return reply(Code.UNDECRYPTABLE, Messages.undecryptable);
    try {
      params = JSON.parse(plain) as Row;
    } catch {
      return reply(Code.VALIDATION, OPEN_MESSAGES.bizData);
    }
    if (!params || typeof params !== 'object' || Array.isArray(params)) return reply(Code.VALIDATION, OPEN_MESSAGES.bizData);

    const first = await db.selectFrom('open_request').select('answer').where('clientCode', '=', client.clientCode).where('reqNo', '=', reqNo).executeTakeFirst();
    if (first) return JSON.parse(first.answer) as OpenAnswer;

    let result: OpenAnswer;
    try {
      result = reply(Code.OK, 'success', await serve({ clientCode: client.clientCode, reqNo }, Number(text('apiCode')), params));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result = reply(error.code, error.message, error.data ?? undefined);
    }
    try {
      await db.insertInto('open_request').values({ clientCode: client.clientCode, reqNo, apiCode: Number(text('apiCode')) || 0, answer: JSON.stringify(result), createdAt: now }).execute();
    } catch (error) {
      // The same number sent twice at once: the one stored first is the answer to both.
      if (dbErrorAnswer(error)?.code !== Code.CONFLICT) throw error;
      const stored = await db.selectFrom('open_request').select('answer').where('clientCode', '=', client.clientCode).where('reqNo', '=', reqNo).executeTakeFirstOrThrow();
      return JSON.parse(stored.answer) as OpenAnswer;
    }
    return result;
  }

  /** The enterprise's authorization within its merchant's, then the business call. */
  async function serve(request: OpenRequest, apiCode: number, params: Row): Promise<unknown> {
    const handler = BUSINESS_API_CODES.includes(apiCode) ? HANDLERS[apiCode] : undefined;
    if (!handler) return refuse(Code.NOT_FOUND, OPEN_MESSAGES.unknownApi);
    const entCode = typeof params.entCode === 'string' ? params.entCode.trim() : '';
    if (!entCode) refuse(Code.VALIDATION, OPEN_MESSAGES.entCode);
    const ent = (await db
      .selectFrom('ent')
      .innerJoin('client_mercht_ent as a', 'a.entId', 'ent.id')
      .innerJoin('client_mercht as m', (join) => join.onRef('m.merchtId', '=', 'a.merchtId').onRef('m.clientCode', '=', 'a.clientCode'))
      .innerJoin('mercht', 'mercht.id', 'ent.merchtId')
      .select(['ent.id', 'ent.entCode', 'ent.entName', 'ent.status', 'mercht.merchtCode', 'mercht.name as merchtName'])
      .select(['a.authorization as entAuthorization', 'a.apiCodes as entApiCodes', 'm.authorization as merchtAuthorization', 'm.apiCodes as merchtApiCodes'])
      .where('a.clientCode', '=', request.clientCode)
      .where('ent.entCode', '=', entCode.slice(0, 32))
      .executeTakeFirst()) as Row | undefined;
    // An enterprise the client is not authorised for is answered like one that does not exist.
    if (!ent) return refuse(Code.OUT_OF_SCOPE, OPEN_MESSAGES.entNotAuthorised);
    const merchantCodes = authorizedCodes({ authorization: ent.merchtAuthorization, apiCodes: ent.merchtApiCodes });
    const codes = authorizedCodes({ authorization: ent.entAuthorization, apiCodes: ent.entApiCodes }).filter((c) => merchantCodes.includes(c));
    if (!codes.includes(apiCode)) refuse(Code.NO_PERMISSION, OPEN_MESSAGES.apiNotAuthorised);
    return handler(deps, ent, params, request);
  }

  app.post(`${OPEN_PREFIX}/gateway`, async (request) => answer(request));
}
