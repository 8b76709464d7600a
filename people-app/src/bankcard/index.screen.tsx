import { bankBin, type Field } from '@flexpay/shared-utility';
import { defineScreen, detail, dialog, form } from '@flexpay/shared-utility/kit';

/** /bankcard/index 银行卡号 (SYS · 22010/22110): the card BIN table naming a card's bank and type. */
export const route = '/bankcard/index';

const BY_DETAIL: Field[] = [
  { name: 'cardNo', label: '银行卡号', type: 'text', required: true, placeholder: '一张该行卡的完整卡号，取前6位为卡BIN' },
  { name: 'bankName', label: '发卡银行', type: 'text', required: true },
  { name: 'cardName', label: '卡名称', type: 'text' },
  { name: 'cardType', label: '卡类型', type: 'select', required: true, options: [{ value: 'DC', label: '借记卡' }, { value: 'CC', label: '信用卡' }, { value: 'SCC', label: '准贷记卡' }] },
];

export default defineScreen(bankBin, {
  list: ['bin', 'bankName', 'cardName', 'cardType', 'cardLength', 'status', 'createdAt'],
  search: ['bin', 'bankName'],
  filterDialog: ['cardType', 'status'],
  actions: [
    form({ routes: { create: 'add' } }),
    // 按卡号添加: a card's number names its BIN (the first 6 digits) and length (bankCard/mgr/addByDetail).
    dialog({ key: 'addByDetail', label: '按卡号添加', scope: 'toolbar', codes: [22110], path: 'bankCard/mgr/addByDetail', fields: BY_DETAIL, success: '卡BIN已添加' }),
    detail(),
  ],
});
