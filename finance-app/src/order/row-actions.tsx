import { useEffect } from 'react';
import { FormDialog, confirmDialog, request, showSuccess, tempOrderDetail, type Row } from '@flexpay/shared-utility';
import { custom, entityFormFields } from '@flexpay/shared-utility/kit';

const mgr = tempOrderDetail.paths.mgr;
const writers = { codes: [tempOrderDetail.codes.mgr!], onlyFor: ['ENT' as const, 'SYS' as const] };

/** 编辑 a row in place: updateDetail re-checks it and the list shows its new error type and message. */
function EditRow({ row, reload, close }: { row: Row; reload: () => void; close: () => void }) {
  return (
    <FormDialog
      isOpen
      mode="edit"
      title="编辑明细"
      fields={entityFormFields(tempOrderDetail)}
      initial={row}
      recordKey="id"
      submit={(payload) => request(`${mgr}/updateDetail`, { ...payload, id: row.id }, { showLoading: true })}
      onClose={close}
      onSaved={reload}
    />
  );
}

function DeleteRow({ row, reload, close }: { row: Row; reload: () => void; close: () => void }) {
  useEffect(() => {
    void (async () => {
      try {
        if (!(await confirmDialog({ title: '提示', text: '确定要删除该明细吗？', confirmText: '确定', cancelText: '取消', intent: 'danger' }))) return;
        await request(`${mgr}/deleteDetail`, { id: row.id }, { showLoading: true });
        showSuccess('删除成功');
        reload();
      } catch {
        // The request layer showed the message.
      } finally {
        close();
      }
    })();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** The rows of a temp order are edited and deleted while it is in 0/21: the server lists them in each row's `_actions`. */
export const rowActions = [
  custom({ key: 'editRow', label: '编辑', scope: 'row', needs: 'updateDetail', ...writers, render: (ctx) => <EditRow {...ctx} /> }),
  custom({ key: 'deleteRow', label: '删除', scope: 'row', needs: 'deleteDetail', ...writers, render: (ctx) => <DeleteRow {...ctx} /> }),
];
