import { AGREEMENT_SAMPLE, agreement, agreementVersion, renderAgreement } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport, subTable, textView, transitions } from '@flexpay/shared-utility/kit';

/** /agreement 签约协议 (SYS, SPR): signing templates; saving a new text makes a new version. */
export const route = '/agreement';

/** 预览: the text as a talent will see it, filled with sample details (the same renderer the signing flow uses). */
const preview = textView({
  key: 'preview',
  label: '预览',
  title: (row) => `预览：${String(row.agreementName ?? row.name ?? '签约协议')}（第 ${String(row.version)} 版）`,
  note: () => `以下为示例签约人（${AGREEMENT_SAMPLE.姓名}）看到的协议内容，占位符已替换为示例数据。`,
  text: (row) => renderAgreement(String(row.content ?? ''), AGREEMENT_SAMPLE),
  testId: 'agreement-preview',
});

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
