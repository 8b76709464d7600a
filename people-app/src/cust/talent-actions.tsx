/**
 * A talent's relations as row actions of the talent screens (/cust, /cust/ent; row key `id`):
 * 合作企业, 合作供应商/签约 (paper signing, e-sign, tax registration) and 银行卡, each a sub-table of
 * the talent in a drawer. 签约管理 (/cust/sup) offers the same sign actions on its rows.
 */
import { custCard, custCoopEnt, custCoopSup } from '@flexpay/shared-utility';
import { commands, defineScreen, detail, form, remove, subTable, type ScreenAction } from '@flexpay/shared-utility/kit';

/**
 * 纸质签约, 发起电子签, 税务登记 and 注销登记 on a supplier cooperation: custCoopSup's commands (their
 * fields, notes and routes — updateSupCoopData told apart by signStatus/taxRegStatus, taxRealNameFile);
 * the server lists which apply in `_actions`.
 */
export const signActions: ScreenAction[] = [commands(['paperSign', 'eSign', 'taxReg', 'taxCancel'])];

export const custCoopEntTable = defineScreen(custCoopEnt, {
  list: ['entId', 'status', 'createdAt', 'updatedAt'],
  listPath: custCoopEnt.paths.query,
  actions: [form({ routes: { create: 'addEntCoopData', update: 'updateEntCoopData' }, view: false, titles: { add: '新增合作企业', edit: '编辑合作企业' } })],
});

export const custCoopSupTable = defineScreen(custCoopSup, {
  title: '合作供应商',
  list: ['supplierId', 'signChannel', 'signStatus', 'signedAt', 'taxRegStatus', 'status'],
  // Fits the 900 px drawer beside the sign actions.
  columns: { supplierId: { width: 180 }, signChannel: { width: 80 }, signStatus: { width: 80 }, signedAt: { width: 150 }, taxRegStatus: { width: 80 }, status: { width: 70 } },
  listPath: custCoopSup.paths.query,
  actions: [
    // A supplier adds cooperation with itself: only the platform names the supplier.
    form({ routes: { create: 'addSupCoopData', update: 'updateSupCoopData' }, view: false, titles: { add: '新增合作供应商', edit: '编辑合作供应商' }, fieldsFor: { supplierId: ['SYS'] } }),
    detail(),
    ...signActions,
  ],
});

export const custCardTable = defineScreen(custCard, {
  list: ['accountCategory', 'cardNo', 'bankName', 'cardType', 'cardAttr', 'validated'],
  listPath: 'cust/query/listCustCard',
  actions: [form({ routes: { create: 'addCustCard' }, view: false, titles: { add: '新增银行卡', edit: '银行卡' } }), commands(['recheckCustCard']), remove('确定要删除这张银行卡吗？', { route: 'deleteCustCard' })],
});

/** The talent row's relation drawers (spread into the /cust and /cust/ent screens' actions). */
export const talentRelationActions: ScreenAction[] = [
  subTable({ key: 'coopEnt', label: '合作企业', screen: custCoopEntTable, link: { custId: 'id' } }),
  subTable({ key: 'coopSup', label: '合作供应商/签约', screen: custCoopSupTable, link: { custId: 'id' } }),
  subTable({ key: 'cards', label: '银行卡', screen: custCardTable, link: { custId: 'id' } }),
];
