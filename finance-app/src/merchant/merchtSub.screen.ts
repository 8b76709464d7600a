import { subMerchant } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove, transitions } from '@flexpay/shared-utility/kit';
import { derivedFormFields } from '../ent/derived-fields';
import { createWithAdmin } from './initial-password';

/**
 * /merchant/merchtSub 下级商户 (SYS, SPR, MER). A merchant creates sub-merchants under itself (the
 * server fills the parent); SYS and SPR pick the parent, whose supplier the server gives the sub.
 */
export const route = '/merchant/merchtSub';

const ABOVE_MER = ['SYS', 'SPR'] as const;
const createFields = derivedFormFields(subMerchant)
  .filter((f) => f.name !== 'merchtType' && f.name !== 'supplierId')
  .map((f) => (f.name === 'parentId' ? { ...f, onlyFor: [...ABOVE_MER] } : f));

export default defineScreen(subMerchant, {
  // Fits a 1280 px screen beside the 操作 column; contacts and times are in 详情.
  list: ['merchtCode', 'name', 'status', 'parentId', 'supplierId'],
  columns: { merchtCode: { width: 100 }, name: { width: 200 }, status: { width: 64 }, parentId: { width: 190 }, supplierId: { width: 200 } },
  search: ['merchtCode', 'name', 'parentId'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [createWithAdmin(subMerchant, { fields: createFields }), form({ create: false }), detail(), transitions(), remove()],
});
