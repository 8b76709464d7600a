import { notice } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport } from '@flexpay/shared-utility/kit';

/** /notice 系统公告 (SYS, SPR): what the bell and the after-sign-in dialog show, with its window and audience. */
export const route = '/notice';

export default defineScreen(notice, {
  list: ['title', 'target', 'status', 'publishAt', 'expireAt', 'publisherId', 'createdAt'],
  search: ['title', 'target', 'publisherId'],
  filterDialog: ['publishAt', 'createdAt'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [form({ titles: { add: '发布公告', edit: '编辑公告', view: '查看公告' } }), detail(), serverExport()],
});
