/**
 * Demo talents (DOMAIN.md §12, issue 8): per enterprise 12 talents passing every gate of a payout
 * line (real-name 10, ID photos 0 and 1, enterprise cooperation 0, supplier cooperation 0 signed 20,
 * a validated card) and one failing each gate, with their files stored like uploads; one person works
 * for two enterprises of the same supplier. Also the card BIN table of real Chinese banks and one
 * import with its history.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { residentIdCheckDigit } from '@flexpay/shared-utility/src/pure';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HOUR_MS } from '../util/time';

const DAY_MS = 24 * HOUR_MS;

/** [bin, bank, card name, type, length]: BINs of real Chinese banks. */
export const DEMO_BINS: Array<[string, string, string, string, number]> = [
  ['622202', '中国工商银行', '牡丹灵通卡', 'DC', 19],
  ['621226', '中国工商银行', '牡丹借记卡', 'DC', 19],
  ['621700', '中国建设银行', '龙卡储蓄卡', 'DC', 19],
  ['622700', '中国建设银行', '龙卡通', 'DC', 19],
  ['622848', '中国农业银行', '金穗借记卡', 'DC', 19],
  ['621661', '中国银行', '长城借记卡', 'DC', 19],
  ['622588', '招商银行', '一卡通', 'DC', 16],
  ['622260', '交通银行', '太平洋借记卡', 'DC', 19],
  ['621799', '中国邮政储蓄银行', '绿卡通', 'DC', 19],
  ['623058', '平安银行', '平安借记卡', 'DC', 19],
  ['356889', '招商银行', '招商银行信用卡', 'CC', 16],
  ['625965', '招商银行', '招商银行信用卡', 'CC', 16],
];

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗', '郑', '梁'];
const GIVEN = ['伟', '娜', '敏', '洋', '静', '磊', '丽', '强', '杰', '芳', '超', '艳', '军', '婷', '斌', '雪', '峰', '佳', '浩然', '子轩', '思琪', '雨桐', '欣怡', '晨阳'];
/** Region code of each demo enterprise's city (北京, 深圳, 成都). */
const REGIONS = ['110105', '440305', '510107'];

/** The gates a talent fails on purpose, one talent each, after the passing ones. */
/** 2 for the wrong card; the talent still signing has not had its card checked yet (0, for 重新校验); the rest passed. */
const cardValidated = (gate: string | null) => (gate === 'cardWrong' ? 2 : gate === 'signing' ? 0 : 1);
const FAILING = ['realName0', 'realName20', 'noPhotos', 'entSuspended', 'notSigned', 'signFailed', 'signing', 'signExpired', 'supSuspended', 'cardWrong'] as const;
const PASSING_PER_ENT = 12;

/** A card number with a valid Luhn check digit. */
export function luhnComplete(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small ID-card-like PNG (171×108, the card's proportions): a tinted card with a darker band where
 * the photo (front) or the emblem (back) sits; the seed makes each talent's pair distinct.
 */
export function demoIdCardPng(seed: number, side: 0 | 1 | 3): Buffer {
  const width = 171;
  const height = 108;
  const tint = [200 + (seed % 40), 215 + ((seed * 7) % 30), 230 + ((seed * 13) % 20)];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = side === 0 ? x > 110 && x < 160 && y > 15 && y < 80 : side === 1 ? x > 10 && x < 45 && y > 10 && y < 45 : y > 60 && y < 70 && x > 20 + (seed % 30) && x < 140;
      const line = side !== 3 && y % 14 === 0 && x > 15 && x < 100;
      const [r, g, b] = band ? [90, 110, 140] : line ? [150, 160, 175] : tint;
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function seedTalents(
  trx: Transaction<Database>,
  ids: { now: number; ents: Array<{ id: number; supplierId: number }>; uploaderId: number; uploads?: string },
): Promise<void> {
  const { now, ents, uploads } = ids;
  const daysAgo = (days: number) => now - days * DAY_MS;

  await trx
    .insertInto('bank_bin')
    .values(DEMO_BINS.map(([bin, bankName, cardName, cardType, cardLength], i) => ({ bin, bankName, cardName, cardType, cardLength, status: i === DEMO_BINS.length - 1 ? 1 : 0, createdAt: daysAgo(120), updatedAt: daysAgo(120) })))
    .execute();

  const storeFile = async (name: string, content: Buffer, at: number) => {
    const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
    const storedAs = `demo-talent-${fileMd5}.png`;
    if (uploads) {
      fs.mkdirSync(uploads, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(uploads, storedAs), content, { mode: 0o600 });
    }
    const file = await trx.insertInto('upload_file').values({ userId: ids.uploaderId, name, fileMd5, size: content.length, storedAs, createdAt: at }).returning('id').executeTakeFirstOrThrow();
    return { url: `/api/admin/file/download?id=${file.id}`, name, fileMd5 };
  };

  let serial = 0;
  const talentIds: number[][] = [];
  for (const [e, ent] of ents.entries()) {
    const mine: number[] = [];
    const count = PASSING_PER_ENT + FAILING.length;
    for (let k = 0; k < count; k++) {
      serial += 1;
      const gate = k < PASSING_PER_ENT ? null : FAILING[k - PASSING_PER_ENT];
      const name = SURNAMES[(serial * 5) % SURNAMES.length] + GIVEN[(serial * 7 + e) % GIVEN.length];
      const birth = `${1975 + (serial % 25)}${String((serial % 12) + 1).padStart(2, '0')}${String((serial % 27) + 1).padStart(2, '0')}`;
      const first17 = `${REGIONS[e % REGIONS.length]}${birth}${String(100 + serial).slice(-3)}`;
      const check = residentIdCheckDigit(first17);
      // A number typed with a wrong check character: stored before the checksum rule, the real-name check fails it.
      const idNumber = first17 + (gate === 'realName20' ? (check === '0' ? '1' : '0') : check);
      const [bin, , , , cardLength] = DEMO_BINS[serial % 10];
      const goodCard = luhnComplete(`${bin}${String(1_000_000_000 + serial * 7919).padStart(12, '0')}`.slice(0, cardLength - 1));
      const cardNo = gate === 'cardWrong' ? goodCard.slice(0, -1) + String((Number(goodCard.slice(-1)) + 1) % 10) : goodCard;
      const created = daysAgo(60 - k * 2 - e);
      const row = await trx
        .insertInto('cust')
        .values({
          custCode: `C${String(serial).padStart(6, '0')}`,
          name,
          idType: 111,
          idNumber,
          phone: `139${String(10_000_000 + serial * 7919).slice(-8)}`,
          bankCard: cardNo,
          bankName: DEMO_BINS[serial % 10][1],
          remark: gate === 'noPhotos' ? '身份证照片待补充' : null,
          entId: ent.id,
          supplierId: ent.supplierId,
          realNameStatus: gate === 'realName0' ? 0 : gate === 'realName20' ? 20 : 10,
          realNameAt: gate === 'realName0' ? null : created + HOUR_MS,
          signStatus: 0,
          status: 0,
          createdAt: created,
          updatedAt: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const custId = row.id;
      mine.push(custId);

      await trx.insertInto('cust_coop_ent').values({ custId, entId: ent.id, status: gate === 'entSuspended' ? 1 : 0, remark: gate === 'entSuspended' ? '合作暂停' : null, createdAt: created, updatedAt: created }).execute();
      const signStatus = gate === 'notSigned' ? 0 : gate === 'signFailed' ? 30 : gate === 'signing' ? 10 : gate === 'signExpired' ? 40 : 20;
      const paper = gate === null && k % 4 === 3;
      const signChannel = signStatus === 0 ? 0 : paper ? 1 : 2;
      const signedAt = signStatus === 20 ? created + 2 * HOUR_MS : signStatus === 40 ? daysAgo(400) : null;
      await trx
        .insertInto('cust_coop_sup')
        .values({
          custId,
          supplierId: ent.supplierId,
          status: gate === 'supSuspended' ? 1 : 0,
          signChannel,
          signStatus,
          signStartedAt: signStatus === 0 ? null : signStatus === 10 ? daysAgo(1) : created + HOUR_MS,
          signedAt,
          agreementVersionId: null,
          taxRegStatus: gate === null ? (k % 3 === 0 ? 20 : k % 3 === 1 ? 10 : 0) : 0,
          taxRegAt: gate === null && k % 3 === 0 ? created + 3 * HOUR_MS : null,
          remark: gate === 'supSuspended' ? '供应商暂停合作' : null,
          createdAt: created,
          updatedAt: created,
        })
        .execute();
      await trx
        .insertInto('cust_card')
        .values({ custId, cardNo, bankName: DEMO_BINS[serial % 10][1], cardType: 'DC', cardAttr: 'C', accountCategory: 0, validated: cardValidated(gate), createdAt: created, updatedAt: created })
        .execute();

      const files: Array<[number, 0 | 1 | 3, string, number | null]> = [];
      if (gate !== 'noPhotos') files.push([0, 0, `身份证人像面_${name}.png`, null], [1, 1, `身份证国徽面_${name}.png`, null]);
      if (paper) files.push([3, 3, `签约文件_${name}.png`, ent.supplierId]);
      for (const [fileType, side, fileName, supplierId] of files) {
        const stored = await storeFile(fileName, demoIdCardPng(serial, side), created);
        await trx.insertInto('cust_file').values({ custId, fileType, supplierId, url: stored.url, name: stored.name, fileMd5: stored.fileMd5, createdAt: created }).execute();
      }
    }
    talentIds.push(mine);
  }

  // The first talent of the second enterprise also works for the first (same supplier): one person, two enterprises.
  if (ents.length > 1 && ents[0].supplierId === ents[1].supplierId)
    await trx.insertInto('cust_coop_ent').values({ custId: talentIds[1][0], entId: ents[0].id, status: 0, remark: '两家企业共同用工', createdAt: daysAgo(20), updatedAt: daysAgo(20) }).execute();

  // One import per enterprise with its history: three rows, the last a person already registered.
  for (const [e, ent] of ents.entries()) {
    const people = await trx.selectFrom('cust').select(['id', 'name', 'idNumber']).where('id', 'in', talentIds[e].slice(0, 3)).orderBy('id').execute();
    const head = await trx
      .insertInto('cust_import')
      .values({ importNo: `IM2026110109300${e}A1B2`, entId: ent.id, supplierId: ent.supplierId, fileName: '人才导入_11月第一批.xlsx', fileUrl: null, total: people.length, successCount: people.length, failCount: 0, operatorId: null, operatorName: '系统导入', createdAt: daysAgo(23 - e) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('cust_import_row')
      .values(people.map((p, i) => ({ importId: head.id, rowNo: i + 1, name: p.name, idNumber: p.idNumber, ok: 1, message: i === 2 ? '人员已登记，已添加合作关系' : '新增人才', custId: p.id })))
      .execute();
  }
}
