/**
 * A talent's relations as row actions of the talent screens (/cust, /cust/ent; row key `id`):
 * 合作企业, 合作供应商/签约 (paper signing, e-sign, tax registration) and 银行卡, each a sub-table of
 * the talent in a drawer. 签约管理 (/cust/sup) offers the same sign actions on its rows.
 */
import { custCard, custCoopEnt, custCoopSup, request, showSuccess, type Field, type Row } from '@flexpay/shared-utility';
import {
  custom,
  defineScreen,
  detail,
  FieldsDialog,
  fileInput,
  form,
  remove,
  subTable,
  uploadChosenFiles,
  type CustomAction,
  type ScreenAction,
} from '@flexpay/shared-utility/kit';

export const SIGN_PATH = `${custCoopSup.paths.mgr}/updateSupCoopData`;
export const TAX_PATH = `${custCoopSup.paths.mgr}/taxRealNameFile`;

const fileField = (name: 'signFile' | 'taxFile', label: string): Field => ({ name, label, type: 'custom', required: true, input: fileInput(custCoopSup, name) });
const channelField: Field = { name: 'signChannel', label: '签约渠道', type: 'select', required: true, options: [{ value: 2, label: '电子签' }, { value: 6, label: '合作方V2' }] };

/** A dialog of a cooperation row whose chosen files are uploaded before the call. */
function rowDialog(key: string, label: string, fields: Field[], send: (row: Row, values: Row) => { path: string; body: Row }, done: string, note?: string): CustomAction {
  return custom({
    key,
    label,
    scope: 'row',
    needs: key,
    render: ({ row, reload, close }) => (
      <FieldsDialog
        title={`${label}（${String(row.custName ?? '')} · ${String(row.supplierName ?? '')}）`}
        fields={fields}
        note={note}
        onClose={close}
        submit={async (values) => {
          const call = send(row, await uploadChosenFiles(custCoopSup, values));
          await request(call.path, call.body, { showLoading: true });
          showSuccess(done);
          reload();
        }}
      />
    ),
  });
}

/** 纸质签约, 发起电子签, 税务登记 and 注销登记 on a supplier cooperation; the server lists which apply in `_actions`. */
export const signActions: ScreenAction[] = [
  rowDialog('paperSign', '纸质签约', [fileField('signFile', '签约文件')], (row, v) => ({ path: SIGN_PATH, body: { id: row.id, signChannel: 1, signStatus: 20, signFile: v.signFile } }), '签约成功'),
  rowDialog('eSign', '发起电子签', [channelField], (row, v) => ({ path: SIGN_PATH, body: { id: row.id, signChannel: Number(v.signChannel), signStatus: 10 } }), '已发起电子签约', '签约请求发送给电子签服务商，由人才在线签署；人才未实名认证时签约失败，7 天内未签署则过期。'),
  rowDialog('taxReg', '税务登记', [fileField('taxFile', '税务实名文件')], (row, v) => ({ path: TAX_PATH, body: { id: row.id, taxFile: v.taxFile } }), '已提交税务登记'),
  rowDialog('taxCancel', '注销登记', [], (row) => ({ path: SIGN_PATH, body: { id: row.id, taxRegStatus: 40 } }), '税务登记已注销', '注销后该人才在此供应商的税务登记失效，需重新登记后才能代发。'),
];

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

export const RECHECK_PATH = `${custCard.paths.mgr}/recheckCustCard`;

/** 重新校验: a bank card not yet checked (or found wrong) against the talent's name and ID number again. */
const recheckCard = custom({
  key: 'recheckCustCard',
  label: '重新校验',
  scope: 'row',
  needs: 'recheckCustCard',
  render: ({ row, reload, close }) => (
    <FieldsDialog
      title="重新校验"
      note={`将核验卡号 ${String(row.cardNo ?? '')} 与人才的姓名、证件号码是否一致（三要素），结果写入三要素校验，确定继续吗？`}
      fields={[]}
      submit={async () => {
        const answer = await request<Row>(RECHECK_PATH, { id: row.id }, { showLoading: true });
        showSuccess(answer.validated === 1 ? '校验通过' : '校验未通过：姓名、证件号码与卡号不一致');
        reload();
      }}
      onClose={close}
    />
  ),
});

export const custCardTable = defineScreen(custCard, {
  list: ['accountCategory', 'cardNo', 'bankName', 'cardType', 'cardAttr', 'validated'],
  listPath: 'cust/query/listCustCard',
  actions: [form({ routes: { create: 'addCustCard' }, view: false, titles: { add: '新增银行卡', edit: '银行卡' } }), recheckCard, remove('确定要删除这张银行卡吗？', { route: 'deleteCustCard' })],
});

/** The talent row's relation drawers (spread into the /cust and /cust/ent screens' actions). */
export const talentRelationActions: ScreenAction[] = [
  subTable({ key: 'coopEnt', label: '合作企业', screen: custCoopEntTable, link: { custId: 'id' } }),
  subTable({ key: 'coopSup', label: '合作供应商/签约', screen: custCoopSupTable, link: { custId: 'id' } }),
  subTable({ key: 'cards', label: '银行卡', screen: custCardTable, link: { custId: 'id' } }),
];
