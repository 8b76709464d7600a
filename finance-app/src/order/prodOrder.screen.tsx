import { useRef, useState } from 'react';
import { tempOrder, TEMP_ORDER_EDITABLE, type Row } from '@flexpay/shared-utility';
import { EntityScreenView, SubTableDrawer, custom, defineScreen, detail, remove, subTable, transitions } from '@flexpay/shared-utility/kit';
import { entNameCell } from '../ent/ent-link';
import { tempRows } from './rows';
import { TransOrderDialog } from './trans-order-dialog';
import { UploadDialog } from './upload-dialog';

/** /order/prodOrder 制单管理: temp orders from the payout sheet, checked, reviewed and turned into orders. */
export const route = '/order/prodOrder';

/** 上传制单, then the new temp order's rows with their checks. */
function Upload({ reload, close }: { reload: () => void; close: () => void }) {
  const [created, setCreated] = useState<{ id: number; tempOrderNo: string } | null>(null);
  // The dialog closes itself after a successful submit: the rows drawer replaces it then.
  const done = useRef(false);
  if (!created)
    return (
      <UploadDialog
        onClose={() => !done.current && close()}
        onCreated={(c) => {
          done.current = true;
          reload();
          setCreated(c);
        }}
      />
    );
  return (
    <SubTableDrawer
      title={`明细（${created.tempOrderNo}）`}
      onClose={() => {
        reload();
        close();
      }}
    >
      <EntityScreenView screen={tempRows} urlState={false} link={{ tempOrderId: created.id }} />
    </SubTableDrawer>
  );
}

export default defineScreen(tempOrder, {
  // Fits 1280 px beside 操作; channel, package, order number, remark, review note and the original file are in 详情.
  list: ['tempOrderNo', 'entId', 'lineCount', 'amount', 'errorCount', 'status', 'createdAt'],
  listFor: { entId: ['SYS', 'SPR'] },
  search: ['tempOrderNo', 'entId', 'orderNo'],
  filterDialog: ['channel', 'packageCode', 'amount', 'createdAt'],
  tabs: { by: 'status', values: [0, 10, 20, 21, 30, 40] },
  columns: {
    tempOrderNo: { width: 120 },
    entId: { render: entNameCell, width: 160 },
    lineCount: { width: 76 },
    amount: { width: 104 },
    errorCount: { width: 76, render: (row: Row) => <span className={Number(row.errorCount) > 0 ? 'fp-order-error-msg' : undefined}>{String(row.errorCount ?? 0)}</span> },
    status: { width: 76 },
    createdAt: { width: 150 },
  },
  actions: [
    // Keyed create: the toolbar draws it as the screen's 新增 (primary, plus icon).
    custom({ key: 'create', label: '上传制单', scope: 'toolbar', onlyFor: ['ENT', 'SYS'], codes: [tempOrder.codes.mgr!], render: ({ reload, close }) => <Upload reload={reload} close={close} /> }),
    // An API client's temp order takes no new rows from people (its rows are what the client sent).
    subTable({ key: 'rows', label: '明细', screen: tempRows, link: { tempOrderId: 'id' }, addable: (order) => TEMP_ORDER_EDITABLE.includes(Number(order.status)) && !order.openClientCode }),
    // 关闭 is offered on API clients' temp orders only (the server's row actions say so).
    transitions(['submit', 'submitReview', 'approve', 'reject', 'close']),
    custom({ key: 'transOrder', label: '提交订单', scope: 'row', needs: 'transOrder', render: ({ row, reload, close }) => <TransOrderDialog row={row} reload={reload} close={close} /> }),
    detail(),
    remove('确定要删除该制单吗？'),
  ],
});
