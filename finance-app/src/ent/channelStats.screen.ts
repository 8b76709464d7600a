import { entAccount, type Row } from '@flexpay/shared-utility';
import { defineScreen, detail, dialog, form, serverExport } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/**
 * /ent/channelStats 通道余额: each enterprise's account per pay channel with the totals of the whole
 * filtered result; SYS and the supplier open accounts, SYS sets the overdraft (DOMAIN.md §3).
 */
export const route = '/ent/channelStats';

export default defineScreen(entAccount, {
  title: '通道余额',
  list: ['entId', 'channel', 'available', 'locked', 'allowOverdraft', 'overdraftLimit', 'status', 'createdAt'],
  search: ['entId', 'channel'],
  filterDialog: ['allowOverdraft', 'createdAt'],
  summary: ['available', 'locked'],
  listPath: 'ent/query/channelStats/list',
  columns: { entId: { render: entNameCell } },
  actions: [
    form({ onlyFor: ['SYS', 'SPR'], codes: [18515], routes: { create: 'addOrUpdate' }, titles: { add: '开通通道', edit: '开通通道' }, view: false }),
    detail(),
    dialog({
      key: 'overdraft',
      label: '透支设置',
      needs: 'toggleAllowOverdraft',
      fields: [
        { name: 'allowOverdraft', label: '允许透支', type: 'radio', enum: 'yesNo', required: true },
        { name: 'overdraftLimit', label: '透支额度(元)', type: 'money', showWhen: (values) => String(values.allowOverdraft) === '1' },
      ],
      load: (row) => Promise.resolve({ allowOverdraft: row.allowOverdraft, overdraftLimit: row.overdraftLimit }),
      editable: () => true,
      path: 'ent/mgr/payChannel/toggleAllowOverdraft',
      body: (row: Row, values: Row) => ({ id: row.id, allowOverdraft: Number(values.allowOverdraft), overdraftLimit: values.overdraftLimit }),
      success: '透支设置已保存',
    }),
    serverExport(),
  ],
});
