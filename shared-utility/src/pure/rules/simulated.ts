/**
 * The simulated providers' decisions (DOMAIN.md §10): the 2-factor real-name check, the 3-factor bank-card
 * check and the ID-card OCR — deterministic, so a photo always reads the same and tests reach every outcome.
 * Server-only (rules/server.ts): the providers run them.
 */
import { idNumberKey, isValidResidentId, RESIDENT_ID_TYPE, residentIdCheckDigit } from './identity';

/** The Luhn (mod 10) check of a card number of digits only. */
export function isLuhnValid(cardNo: string): boolean {
  const digits = cardNo.trim();
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  }
  return sum % 10 === 0;
}

/** Simulated 2-factor real-name check: a resident ID passes iff it is valid, other ID types pass. → 10 success / 20 failed. */
export function simulatedRealName(idType: number, idNumber: string): 10 | 20 {
  return idType !== RESIDENT_ID_TYPE || isValidResidentId(idNumber) ? 10 : 20;
}

/** Simulated 3-factor bank-card check: the card passes iff its number passes Luhn. → validated 1 correct / 2 wrong. */
export function simulatedBankCardCheck(cardNo: string): 1 | 2 {
  return isLuhnValid(cardNo) ? 1 : 2;
}

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
    idNumber: first17 + residentIdCheckDigit(first17),
    sex: Number(sequence[2]) % 2 === 1 ? '男' : '女',
    birthday: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6)}`,
    address,
  };
}
