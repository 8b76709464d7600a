import { ent, entConfig, type Field } from '@flexpay/shared-utility';
import { childRecord, defineScreen, detail, form, link, serverExport, subTable, transitions } from '@flexpay/shared-utility/kit';
import { derivedFormFields } from './derived-fields';
import { EDIT_ROUTES } from '../edit/edit-routes';
import { createWithAdmin } from '../merchant/initial-password';
import { entContractTable, entFileTable, subEntTable } from './parts';
import { SupplierOfMerchant } from './supplier-of-merchant';

/** /ent/index 企业列表 (SYS): enterprises under one merchant each, with their switches, files, subs and contracts. */
export const route = '/ent/index';

// 供应商 follows from the merchant (DOMAIN.md §1): shown under the merchant select, never sent.
const supplierShown: Field = { name: 'supplierShown', label: '供应商', type: 'custom', showWhen: 'create', input: ({ values }) => <SupplierOfMerchant merchtId={values?.merchtId} /> };
const createFields = derivedFormFields(ent).flatMap((f) => (f.name === 'merchtId' ? [f, supplierShown] : [f]));

/** The edit routes open with the enterprise's id in the URL (the edit page loads the record by it). */
const editLinks = EDIT_ROUTES.map((r) => link({ key: r.path, label: r.action, needs: r.needs, to: (row) => `${r.path}?id=${String(row.id)}` }));

export default defineScreen(ent, {
  // Fits a 1280 px screen beside the 操作 column; industry, area, contacts and times are in 详情 and 更多筛选.
  list: ['entCode', 'entName', 'status', 'merchtId', 'supplierId'],
  columns: { entCode: { width: 100 }, entName: { width: 210 }, status: { width: 64 }, merchtId: { width: 190 }, supplierId: { width: 190 } },
  search: ['entCode', 'entName', 'merchtId'],
  filterDialog: ['supplierId', 'parentId', 'industry', 'area', 'createdAt'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [
    createWithAdmin(ent, { fields: createFields }),
    form({ create: false }),
    detail(),
    transitions(),
    // 企业配置: the enterprise's payout switches (one record by entId), created with their defaults when it has none yet.
    childRecord({
      key: 'config',
      label: '企业配置',
      codes: [entConfig.codes.query],
      entity: entConfig,
      link: { entId: 'id' },
      fields: derivedFormFields(entConfig).filter((f) => f.name !== 'entId'),
      title: (row) => `企业配置（${String(row.entName ?? '')}）`,
    }),
    subTable({ key: 'files', label: '企业文件', screen: entFileTable, link: { entId: 'id' } }),
    subTable({ key: 'subs', label: '下级企业', screen: subEntTable, link: { parentId: 'id' } }),
    subTable({ key: 'contracts', label: '合同', screen: entContractTable, link: { entId: 'id' } }),
    ...editLinks,
    serverExport(),
  ],
});
