/**
 * Talent record rules (DOMAIN.md §6, spec §3/§5): the ID number check per ID type, personalView (a
 * number masked unless asked whole; the masking itself is masking.ts), and the simulated ID-card OCR (DOMAIN.md §10):
 * deterministic, so a photo always reads the same and tests reach every outcome.
 */
import { idNumberKey, isValidResidentId, maskMiddle, RESIDENT_ID_TYPE } from './identity';

/** The talent-manage code (20110): writes talents and their cards; the default reveal code of a masked field (entity.ts revealCodeOf) — everyone sees the numbers masked (issue 22 item 6). */
export const TALENT_MGR_CODE = 20110;

export const TALENT_MESSAGES = {
  residentId: '请输入有效的居民身份证号码',
  exists: (custCode: string) => `该人员已登记（人才编号${custCode}），请直接添加合作关系`,
  fileType: '请选择附件类型',
  file: '请上传文件',
  ocrFile: '请上传身份证人像面照片',
  disabled: '该人才已禁用',
} as const;

/** A resident ID must pass its checksum (GB 11643); other ID types only the length rule of §5. */
export function checkIdNumber(idType: number, idNumber: string): string | null {
  return idType === RESIDENT_ID_TYPE && !isValidResidentId(idNumber) ? TALENT_MESSAGES.residentId : null;
}

/** An ID or card number masked (whole only when `whole`); null and blank stay as they are. */
export function personalView(value: string | null | undefined, whole: boolean): string | null {
  if (value === null || value === undefined || value === '') return value ?? null;
  return whole ? value : maskMiddle(value);
}

/** Files of the talent itself (per supplier: signature 3 and tax real name 20, kept with the cooperation). */
export const TALENT_OWN_FILE_TYPES = [0, 1, 2] as const;

/** What the simulated OCR reads from the portrait side of a resident ID card. */
export interface IdCardOcrResult {
  name: string;
  idType: number;
  idNumber: string;
  sex: '男' | '女';
  birthday: string;
  address: string;
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '艳', '杰', '涛', '明', '超', '秀英', '建国', '晓燕', '志强', '海燕', '文博', '子涵'];
const REGIONS: Array<[string, string]> = [
  ['110105', '北京市朝阳区建国路88号'],
  ['310115', '上海市浦东新区世纪大道100号'],
  ['440305', '广东省深圳市南山区科技园路1号'],
  ['510107', '四川省成都市武侯区人民南路四段12号'],
  ['330106', '浙江省杭州市西湖区文三路90号'],
  ['420106', '湖北省武汉市武昌区中南路7号'],
];

/** The 18th character of a resident ID from its first 17 digits. */
export function residentIdCheckChar(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return '10X98765432'[sum % 11];
}

/**
 * The simulated OCR: the photo's MD5 decides every field (bytes 0–1 the name, 2 the region, 3–5 the
 * birth date between 1970 and 2004, 6–7 the sequence whose last digit gives the sex), and the check
 * character is computed, so the number read always passes the checksum and the real-name check.
 */
export function simulatedIdCardOcr(fileMd5: string): IdCardOcrResult {
  const hex = idNumberKey(fileMd5).toLowerCase();
  const byte = (i: number) => parseInt(hex.slice(i * 2, i * 2 + 2), 16) || 0;
  const name = SURNAMES[byte(0) % SURNAMES.length] + GIVEN[byte(1) % GIVEN.length];
  const [region, address] = REGIONS[byte(2) % REGIONS.length];
  const year = 1970 + (byte(3) % 35);
  const month = 1 + (byte(4) % 12);
  const day = 1 + (byte(5) % 28);
  const sequence = String(((byte(6) << 8) | byte(7)) % 1000).padStart(3, '0');
  const birth = `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
  const first17 = `${region}${birth}${sequence}`;
  return {
    name,
    idType: RESIDENT_ID_TYPE,
    idNumber: first17 + residentIdCheckChar(first17),
    sex: Number(sequence[2]) % 2 === 1 ? '男' : '女',
    birthday: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6)}`,
    address,
  };
}
