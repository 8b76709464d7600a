/**
 * Talent record rules (DOMAIN.md §6, spec §3/§5): the ID number check per ID type and personalView (a
 * number masked unless asked whole; the masking itself is masking.ts). The simulated ID-card OCR is rules/simulated.ts.
 */
import { isValidResidentId, maskMiddle, RESIDENT_ID_TYPE } from './identity';

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
