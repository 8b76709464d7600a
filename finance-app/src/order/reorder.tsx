import { useEffect } from 'react';
import { confirmDialog, navigate, request, showSuccess, tempOrder, type Row } from '@flexpay/shared-utility';
import { custom } from '@flexpay/shared-utility/kit';
import { ORDER_PATHS } from './paths';

/** Asks, copies the order's failed lines (30/50) into a new temp order, and opens 制单管理 on it. */
function Reorder({ row, close }: { row: Row; close: () => void }) {
  useEffect(() => {
    void (async () => {
      try {
        const ok = await confirmDialog({ title: '提示', text: `失败明细重新制单：确定将订单 ${String(row.orderNo)} 的失败明细复制为新的制单吗？`, confirmText: '确定', cancelText: '取消' });
        if (!ok) return;
        const created = await request<{ id: number; tempOrderNo: string }>(ORDER_PATHS.reorderFailed, { orderNo: row.orderNo }, { showLoading: true });
        showSuccess(`重新制单成功，制单编号 ${created.tempOrderNo}`);
        navigate(`/order/prodOrder?tempOrderNo=${encodeURIComponent(created.tempOrderNo)}`);
      } catch {
        // The request layer showed the message.
      } finally {
        close();
      }
    })();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/**
 * 失败明细重新制单 (DOMAIN.md §4: never resend; a failed line goes out again only in a new temp order),
 * offered to those who make temp orders, on the rows `when` names (ended orders, failed lines).
 */
export const reorderFailed = (when: (row: Row) => boolean) =>
  custom({
    key: 'reorderFailed',
    // The row button keeps it short beside 详情 and 明细; the question names it in full.
    label: '重新制单',
    scope: 'row',
    codes: [tempOrder.codes.mgr!],
    onlyFor: ['ENT', 'SYS'],
    when,
    render: ({ row, close }) => <Reorder row={row} close={close} />,
  });
