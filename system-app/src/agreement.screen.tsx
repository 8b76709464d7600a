import { agreement, agreementVersion } from '@flexpay/shared-utility';
import { custom, defineScreen, detail, form, serverExport, subTable, transitions } from '@flexpay/shared-utility/kit';
import { AgreementPreview } from './agreement/preview-dialog';

/** /agreement 签约协议 (SYS, SPR): signing templates; saving a new text makes a new version. */
export const route = '/agreement';

const preview = custom({ key: 'preview', label: '预览', scope: 'row', render: ({ row, close }) => <AgreementPreview row={row} onClose={close} /> });

const versions = defineScreen(agreementVersion, {
  list: ['version', 'content', 'operatorName', 'createdAt'],
  actions: [preview],
});

export default defineScreen(agreement, {
  list: ['agreementCode', 'name', 'supplierId', 'version', 'status', 'updatedAt'],
  search: ['agreementCode', 'name', 'supplierId'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [
    form({ drawer: true, fieldsFor: { supplierId: ['SYS'] } }),
    preview,
    detail(),
    transitions(),
    subTable({ key: 'versions', label: '历史版本', screen: versions, link: { agreementId: 'id' } }),
    serverExport(),
  ],
});
