import { FormDialog, request, tempOrderDetail, type Row } from '@flexpay/shared-utility';
import { commands, custom, entityFormFields } from '@flexpay/shared-utility/kit';

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

/**
 * The rows of a temp order are edited and deleted while it is in 0/21: the server lists them in each
 * row's `_actions` (the entity's commands). 删除 is the declared command (its confirm and success);
 * 编辑 opens the row's form with its values, which a command's dialog does not load.
 */
export const rowActions = [
  custom({ key: 'editRow', label: '编辑', scope: 'row', needs: 'updateDetail', ...writers, render: (ctx) => <EditRow {...ctx} /> }),
  commands(['deleteDetail']),
];
