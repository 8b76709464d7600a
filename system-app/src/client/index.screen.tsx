import { client, request, type Field, type Row } from '@flexpay/shared-utility';
import { defineScreen, detail, dialog, form, link, remove, secretOnce, serverExport, transitions } from '@flexpay/shared-utility/kit';
import './client.css';

/** /client/index 客户端列表 (SYS): outside systems of the open API, their keys and where their authorisations start. */
export const route = '/client/index';

const NOT_GENERATED = '未生成，请在「更多」中重置密钥';

const onlyMd5 = (values: Record<string, unknown>) => values.signType === 'MD5';
const onlyRsa = (values: Record<string, unknown>) => values.signType === 'RSA';

/** 密钥设置: generated keys masked, the client's RSA public key pasted here, the platform's shown for checking answers. */
const SECURITY_FIELDS: Field[] = [
  { name: 'md5Key', label: 'MD5密钥', type: 'text', readOnlyWhen: 'edit', showWhen: onlyMd5 },
  { name: 'aesKey', label: 'AES密钥', type: 'text', readOnlyWhen: 'edit', showWhen: (v) => Number(v.encryptMode) >= 3 },
  { name: 'rsaPublicKey', label: '客户端RSA公钥', type: 'textarea', rows: [6, 9], required: true, showWhen: onlyRsa, placeholder: '客户端的PEM格式RSA公钥（不少于2048位）' },
  { name: 'platformPublicKey', label: '平台RSA公钥', type: 'textarea', rows: [6, 9], readOnlyWhen: 'edit', showWhen: onlyRsa },
];

export default defineScreen(client, {
  list: ['clientCode', 'clientName', 'encryptMode', 'ipWhitelist', 'secretState', 'status'],
  search: ['clientCode', 'clientName', 'signType'],
  filterDialog: ['encryptMode', 'createdAt'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [
    form({ drawer: true, view: false }),
    // Short labels keep three row actions inline at 1280 px; the dialogs carry the full names.
    link({ key: 'mercht', label: '授权', to: (row) => `/client/cliMercht/${String(row.clientCode)}` }),
    dialog({
      key: 'security',
      label: '密钥',
      title: '密钥设置',
      needs: 'security',
      fields: SECURITY_FIELDS,
      // A key never generated reads as such instead of an empty box.
      load: (row) =>
        request<Row>('client/query/securityFind', { clientCode: row.clientCode }).then((found) => ({ ...found, md5Key: found.md5Key ?? NOT_GENERATED, aesKey: found.aesKey ?? NOT_GENERATED })),
      editable: (loaded) => loaded.signType === 'RSA',
      path: 'client/mgr/security/update',
      body: (row, values) => ({ clientCode: row.clientCode, rsaPublicKey: values.rsaPublicKey }),
      success: 'RSA公钥已保存',
    }),
    // 重置密钥: asked first, then the new keys this one time only.
    secretOnce({
      key: 'reset',
      label: '重置密钥',
      needs: 'resetSecret',
      title: (row) => `重置密钥（${String(row.clientName)}）`,
      ask: '重置后旧密钥立即失效，客户端须换用新密钥签名和加密，确定要重置吗？',
      confirmText: '重置',
      path: 'client/mgr/security/reset',
      body: (row) => ({ clientCode: row.clientCode }),
      success: '密钥已重置',
      secrets: [
        { field: 'md5Key', label: 'MD5密钥' },
        { field: 'aesKey', label: 'AES密钥' },
      ],
      note: '新密钥只显示这一次，关闭后只能看到末4位。请立即复制并安全地交给客户端的技术人员。',
      closeText: '我已保存，关闭',
    }),
    detail(),
    transitions(),
    remove('删除后该客户端的开放接口请求都将被拒绝，确定要删除吗？'),
    serverExport(),
  ],
});
