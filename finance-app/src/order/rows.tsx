import { Tag } from '@blueprintjs/core';
import { ENUMS, enumLabel, tempOrderDetail, type Row } from '@flexpay/shared-utility';
import { defineScreen, form, remove } from '@flexpay/shared-utility/kit';
import './order.css';

/** An error type as a red tag (a passing row shows 正常 in green). */
export function errorTypeCell(row: Row) {
  const type = Number(row.errorType ?? 0);
  return (
    <Tag minimal intent={type === 0 ? 'success' : 'danger'} data-testid="row-error-type">
      {type === 0 ? '正常' : enumLabel(ENUMS.orderDetailError, type, String(type))}
    </Tag>
  );
}

export function errorMsgCell(row: Row) {
  return row.errorMsg ? <span className="fp-order-error-msg">{String(row.errorMsg)}</span> : <>-</>;
}

/**
 * 制单明细: a temp order's rows with each row's error type and Chinese message; rows are added,
 * edited and deleted in place (addDetail/updateDetail/deleteDetail) while the temp order is in 0/21,
 * and the server checks each again.
 */
export const tempRows = defineScreen(tempOrderDetail, {
  title: '制单明细',
  // Fits the 900 px drawer; phone, bank and remark are in 编辑.
  list: ['rowNo', 'name', 'idNumber', 'account', 'amount', 'errorType', 'errorMsg'],
  search: ['name', 'errorType'],
  columns: {
    rowNo: { width: 56 },
    name: { width: 80 },
    idNumber: { width: 170 },
    account: { width: 170 },
    amount: { width: 96 },
    errorType: { width: 110, render: errorTypeCell },
    errorMsg: { width: 170, render: errorMsgCell },
  },
  actions: [
    form({ view: false, routes: { create: 'addDetail', update: 'updateDetail' }, titles: { add: '新增明细', edit: '编辑明细' } }),
    remove('确定要删除该明细吗？', { route: 'deleteDetail' }),
  ],
});
