/**
 * Sub-tables opened from rows of the 供应商管理 screens (spec §2 table drawer, 900 px). Each is
 * restricted to its parent row by the opening action's `link`.
 */
import { bankConfig, distributorConfig, supplierConfig, supplierSmsConfig, supplierTaxProof, tsChannel } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove } from '@flexpay/shared-utility/kit';

export const supplierConfigTable = defineScreen(supplierConfig, {
  list: ['channel', 'configType', 'payeeAcctName', 'payeeAcct', 'payeeBank', 'status'],
  search: ['channel'],
  actions: [form(), detail()],
});

export const smsConfigTable = defineScreen(supplierSmsConfig, {
  list: ['smsType', 'signName', 'templateCode', 'templateText'],
  search: ['smsType'],
  actions: [form({ routes: { create: 'addOrUpdate' } }), remove()],
});

export const taxProofTable = defineScreen(supplierTaxProof, {
  list: ['month', 'invoiceNo', 'amount', 'file', 'createdAt'],
  search: ['month', 'invoiceNo'],
  summary: ['amount'],
  actions: [form(), detail(), remove()],
});

export const distributorTable = defineScreen(distributorConfig, {
  list: ['upstreamId', 'ratio', 'createdAt'],
  actions: [form({ routes: { create: 'add' } })],
});

export const bankConfigTable = defineScreen(bankConfig, {
  list: ['bankCode', 'bankName', 'singleLimit', 'dayLimit', 'status'],
  search: ['bankCode', 'bankName'],
  actions: [form({ routes: { create: 'add' } }), detail()],
});

export const tsChannelTable = defineScreen(tsChannel, {
  list: ['supplierId', 'account', 'status', 'createdAt'],
  search: ['supplierId'],
  actions: [form(), detail()],
});
