import { firstValueFrom } from 'rxjs';
import { subMerchant, type Row } from '@flexpay/shared-utility';
import { defineScreen, detail, form, options$, remove, transitions } from '@flexpay/shared-utility/kit';
import { derivedFormFields } from '../ent/derived-fields';
import { createWithAdmin } from './initial-password';

/**
 * /merchant/merchtSub 下级商户 (SYS, SPR, MER). A merchant creates sub-merchants under itself (the
 * server fills parent and supplier); SYS and SPR pick the parent, whose supplier the sub shares.
 */
export const route = '/merchant/merchtSub';

const ABOVE_MER = ['SYS', 'SPR'] as const;
const createFields = derivedFormFields(subMerchant)
  .filter((f) => f.name !== 'merchtType' && f.name !== 'supplierId')
  .map((f) => (f.name === 'parentId' ? { ...f, required: true, onlyFor: [...ABOVE_MER] } : f));

/** The supplier follows the chosen parent (its simple-list option carries supplierId); the server checks it again. */
async function withParentSupplier(values: Row): Promise<Row> {
  if (values.parentId === undefined || values.parentId === '') return values;
  const parent = (await firstValueFrom(options$('merchant'))).find((p) => p.value === values.parentId);
  return parent ? { ...values, supplierId: parent.supplierId } : values;
}

export default defineScreen(subMerchant, {
  // Fits a 1280 px screen beside the 操作 column; contacts and times are in 详情.
  list: ['merchtCode', 'name', 'status', 'parentId', 'supplierId'],
  columns: { merchtCode: { width: 100 }, name: { width: 200 }, status: { width: 64 }, parentId: { width: 190 }, supplierId: { width: 200 } },
  search: ['merchtCode', 'name', 'parentId'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [createWithAdmin(subMerchant, { fields: createFields, complete: withParentSupplier }), form({ create: false }), detail(), transitions(), remove()],
});
