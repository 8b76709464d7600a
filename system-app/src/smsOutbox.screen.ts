import { smsOutbox } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';

/** /smsOutbox 短信记录 (SYS): every message the SMS provider was asked to send. */
export const route = '/smsOutbox';

export default defineScreen(smsOutbox, {
  list: ['createdAt', 'phone', 'smsType', 'purpose', 'content'],
  search: ['phone', 'smsType', 'purpose', 'content'],
  filterDialog: ['createdAt'],
  actions: [serverExport()],
});
