import { auditLog } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';

/** /admin/auditLog 操作日志: every audited change, read-only (the platform all, others their organisation). */
export const route = '/admin/auditLog';

export default defineScreen(auditLog, {
  list: ['createdAt', 'operatorAccount', 'operatorName', 'entityTitle', 'entityId', 'actionLabel', 'changeText'],
  search: ['operatorAccount', 'operatorName', 'entityId'],
  filterDialog: ['createdAt'],
  actions: [serverExport()],
});
