import { mailOutbox } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';

/** /mailOutbox 邮件记录 (SYS): every mail the mail provider was asked to send. */
export const route = '/mailOutbox';

export default defineScreen(mailOutbox, {
  list: ['createdAt', 'email', 'subject', 'content'],
  search: ['email', 'subject', 'content'],
  filterDialog: ['createdAt'],
  actions: [serverExport()],
});
