/**
 * Sub-tables opened from rows of /ent/index (and the contract list of /editEpContract), each
 * restricted to one enterprise by its `link`, so none lists the enterprise column. New
 * sub-enterprises are created on /ent/index, where their administrator's password can be shown.
 */
import { entContract, entFile, subEnt } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove, transitions } from '@flexpay/shared-utility/kit';

export const entFileTable = defineScreen(entFile, {
  list: ['fileType', 'file', 'createdAt'],
  search: ['fileType'],
  actions: [form(), remove()],
});

export const subEntTable = defineScreen(subEnt, {
  list: ['entCode', 'entName', 'industry', 'area', 'contactName', 'contactPhone', 'status', 'createdAt'],
  search: ['entName'],
  actions: [form({ create: false }), detail()],
});

export const entContractTable = defineScreen(entContract, {
  list: ['contractNo', 'category', 'contractType', 'startDate', 'endDate', 'status', 'createdAt'],
  search: ['contractNo', 'category'],
  actions: [form(), detail(), transitions(), remove()],
});
