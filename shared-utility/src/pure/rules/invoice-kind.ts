/**
 * 申请开票's kind and medium (DOMAIN.md §5), a rule only the server runs (imported by path through rules/server.ts, so
 * the browser's shared-utility bundle does not carry it); the dialog uses defaultInvoiceKind and kindAllowed.
 */
import { defaultInvoiceKind, invoiceInfoError } from '../entities/invoice';
import { INVOICE_APPLY_MESSAGES, kindAllowed } from './invoice-apply';

/**
 * Kind and medium of an application over orders: those asked, else the enterprise's invoice information's,
 * checked against it (a kind it allows, a 专票's complete information, paper or electronic); a text is the refusal.
 */
export function applicationKind(info: (Parameters<typeof invoiceInfoError>[0] & { medium?: unknown }) | null, asked: { invoiceKind?: unknown; medium?: unknown }): { invoiceKind: number; medium: number } | string {
  if (!info) return INVOICE_APPLY_MESSAGES.needInfo;
  const invoiceKind = Number(asked.invoiceKind ?? defaultInvoiceKind(Number(info.invoiceKind)));
  const medium = Number(asked.medium ?? info.medium);
  if (!kindAllowed(Number(info.invoiceKind), invoiceKind)) return INVOICE_APPLY_MESSAGES.kindNotAllowed;
  return invoiceInfoError({ ...info, invoiceKind }) ?? (medium === 0 || medium === 1 ? { invoiceKind, medium } : '发票介质格式错误');
}
