/**
 * Talents (spec §3 customer fields, §5 rules; DOMAIN.md §6): one person per (ID type, ID number),
 * visible to the enterprises and suppliers it cooperates with.
 */
import { defineEntity } from '../entity';

export const cust = defineEntity({
  name: 'cust',
  table: 'cust',
  key: 'id',
  labelField: 'name',
  title: '人才',
  paths: { query: 'cust/query', mgr: 'cust/mgr' },
  codes: { query: 20100, mgr: 20110 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    custCode: { label: '人才编号', type: 'text', search: 'eq', list: false },
    name: { label: '姓名', type: 'text', rule: 'name', create: true, update: true, search: 'like', sort: true, width: 100 },
    idType: { label: '证件类型', type: 'enum', enum: 'idType', required: true, create: true, update: true, search: 'eq', width: 150 },
    idNumber: { label: '证件号码', type: 'text', rule: 'idNumber', create: true, update: true, search: 'like', width: 170 },
    phone: { label: '手机号', type: 'text', rule: 'phone', create: true, update: true, search: 'like', width: 120 },
    bankCard: { label: '银行卡号', type: 'text', rule: 'bankCard', create: true, update: true, nullable: true, list: false },
    entId: { label: '所属企业', type: 'ref', ref: 'ent', show: 'entName', search: 'eq', width: 200 },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', search: 'eq', list: false },
    realNameStatus: { label: '实名状态', type: 'enum', enum: 'realName', search: 'eq', width: 90 },
    signStatus: { label: '签约状态', type: 'enum', enum: 'signStatus', search: 'eq', width: 90 },
    status: { label: '状态', type: 'enum', enum: 'status', search: 'eq', list: false },
    createdAt: { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 },
  },
});
