import { Tag } from '@blueprintjs/core';
import { ENUMS, enumLabel, tempOrderDetail, type Row } from '@flexpay/shared-utility';
import { commands, defineScreen, form } from '@flexpay/shared-utility/kit';
import './order.css';

/** A row's check: 正常 in green, or the error type as a red tag followed by its Chinese message. */
export function rowCheckCell(row: Row) {
  const type = Number(row.errorType ?? 0);
  if (type === 0)
    return (
      <Tag minimal intent="success" data-testid="row-error-type">
        正常
      </Tag>
    );
  const label = enumLabel(ENUMS.orderDetailError, type, String(type));
  const message = String(row.errorMsg ?? '');
  // The whole message on hover when the column cuts it; a message saying only the type is not repeated.
  return (
    <span className="fp-order-row-check" title={message}>
      <Tag minimal intent="danger" data-testid="row-error-type">
        {label}
      </Tag>
      {message !== label && <span className="fp-order-error-msg">{message}</span>}
    </span>
  );
}

/**
 * 制单明细: a temp order's rows with each row's error type and Chinese message; rows are added,
 * edited and deleted in place (addDetail/updateDetail/deleteDetail) while the temp order is in 0/21,
 * and the server checks each again.
 */
export const tempRows = defineScreen(tempOrderDetail, {
  title: '制单明细',
  // Fits the 900 px drawer; the error type and its message share one column; phone, bank and remark are in 编辑.
  list: ['rowNo', 'name', 'idNumber', 'account', 'amount', 'errorType'],
  search: ['name', 'errorType'],
  columns: {
    rowNo: { width: 50 },
    name: { width: 70 },
    idNumber: { width: 150 },
    account: { width: 150 },
    amount: { width: 90 },
    errorType: { width: 230, render: rowCheckCell },
  },
  // The server lists each row's updateDetail and deleteDetail in its `_actions` (the entity's commands):
  // 编辑 is the form following updateDetail, 删除 the declared command (its confirm and success).
  actions: [form({ view: false, needs: 'updateDetail', routes: { create: 'addDetail', update: 'updateDetail' }, titles: { add: '新增明细', edit: '编辑明细' } }), commands(['deleteDetail'])],
});
