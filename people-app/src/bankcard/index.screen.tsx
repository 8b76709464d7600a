import { bankBin, BIN_BY_CARD } from '@flexpay/shared-utility';
import { commandFields, defineScreen, detail, dialog, form } from '@flexpay/shared-utility/kit';

/** /bankcard/index 银行卡号 (SYS · 22010/22110): the card BIN table naming a card's bank and type. */
export const route = '/bankcard/index';

export default defineScreen(bankBin, {
  list: ['bin', 'bankName', 'cardName', 'cardType', 'cardLength', 'status', 'createdAt'],
  search: ['bin', 'bankName'],
  filterDialog: ['cardType', 'status'],
  actions: [
    form({ routes: { create: 'add' } }),
    // 按卡号添加: a card's number names its BIN (the first 6 digits) and length (bankCard/mgr/addByDetail).
    dialog({ key: 'addByDetail', label: BIN_BY_CARD.label, scope: 'toolbar', codes: [BIN_BY_CARD.code], path: 'bankCard/mgr/addByDetail', fields: commandFields(BIN_BY_CARD.fields), success: String(BIN_BY_CARD.success) }),
    detail(),
  ],
});
