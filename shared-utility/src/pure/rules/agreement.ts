/**
 * 签约协议 texts: a template with named placeholders that the signing flow fills with the talent's
 * and the organisations' details. The same function renders the operator's preview and the text a
 * talent is shown, so what was previewed is what gets signed.
 */
export const AGREEMENT_PLACEHOLDERS = ['姓名', '证件号码', '手机号', '企业名称', '供应商名称', '签约日期'] as const;
export type AgreementPlaceholder = (typeof AGREEMENT_PLACEHOLDERS)[number];

/** Sample values of the operator's preview. */
export const AGREEMENT_SAMPLE: Record<AgreementPlaceholder, string> = {
  姓名: '张三',
  证件号码: '110101199003071234',
  手机号: '13800001234',
  企业名称: '北京星辰物流有限公司',
  供应商名称: '海南云聚人力资源服务有限公司',
  签约日期: '2026-11-22',
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses that the signing flow cannot fill, as written. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(AGREEMENT_PLACEHOLDERS);
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !known.has(name)))];
}

/** Why a template cannot be saved, or null. */
export function agreementTemplateError(template: string): string | null {
  const unknown = unknownPlaceholders(template);
  if (unknown.length > 0) return `协议中含有无法识别的占位符：${unknown.map((n) => `{{${n}}}`).join('、')}（可用：${AGREEMENT_PLACEHOLDERS.map((n) => `{{${n}}}`).join('、')}）`;
  if (!template.includes('{{姓名}}') || !template.includes('{{证件号码}}')) return '协议须包含签约人的{{姓名}}和{{证件号码}}';
  return null;
}

/** The text with every placeholder filled; a value left out shows as a blank line to sign on. */
export function renderAgreement(template: string, values: Partial<Record<AgreementPlaceholder, string>>): string {
  return template.replace(PLACEHOLDER, (_all, name: string) => values[name as AgreementPlaceholder] ?? '________');
}
