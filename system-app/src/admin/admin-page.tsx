import { useMemo, useState } from 'react';
import { Intent } from '@blueprintjs/core';
import { defineScreen, request, ScreenView, showSuccess, useSession, type Row, type ScreenDef } from '@flexpay/shared-utility';
import { ADMIN_CODES, ADMIN_FORM_FIELDS, ADMIN_TITLES } from './admin-fields';
import { PasswordDialog } from './password-dialog';
import { PermDialog } from './perm-dialog';

const { QUERY, MGR, PASSWORD, STATUS, PERM } = ADMIN_CODES;

type Dialog = { kind: 'password' | 'perm'; row: Row } | null;

/** Rows the caller may act on: sub-accounts other than itself (top admins are not listed). */
const managedBy = (selfId: number | undefined) => (row: Row) => row.userId !== selfId && row.isTopAdmin !== 1;

async function setStatus(row: Row, status: number, reload: () => void) {
  await request('user/subuser/updateStatus', { userId: row.userId, status }, { showLoading: true });
  showSuccess(status === 0 ? '启用成功' : '禁用成功');
  reload();
}

/** The declared 管理员 screen; dialogs of the row actions are opened through `open`. */
export function adminScreen(selfId: number | undefined, open: (d: Dialog) => void): ScreenDef<Row> {
  const managed = managedBy(selfId);
  return defineScreen<Row>({
    title: '管理员',
    list: {
      path: 'user/subuser/list',
      rowKey: 'userId',
      exportable: true,
      columns: [
        { key: 'username', title: '用户名', width: 140 },
        { key: 'name', title: '姓名', width: 120 },
        { key: 'phone', title: '手机号', width: 130 },
        { key: 'email', title: '邮箱', width: 200, longText: true },
        { key: 'status', title: '状态', width: 80, enum: 'status' },
        { key: 'createdAt', title: '创建时间', width: 170, sortable: true },
      ],
      searchFields: [
        { name: 'username', label: '用户名', type: 'text' },
        { name: 'name', label: '姓名', type: 'text' },
        { name: 'phone', label: '手机号', type: 'text' },
        { name: 'status', label: '状态', type: 'select', enum: 'status' },
      ],
    },
    form: {
      fields: ADMIN_FORM_FIELDS,
      createPath: 'user/subuser/create',
      updatePath: 'user/subuser/update',
      getPath: 'user/subuser/get',
      titles: ADMIN_TITLES,
      defaults: { sex: 0, status: 0 },
      drawer: true,
      editRule: { codes: [MGR] },
    },
    actions: [
      { key: 'add', label: '新增', intent: Intent.PRIMARY, scope: 'toolbar', codes: [MGR], run: (ctx) => ctx.openForm('add') },
      { key: 'edit', label: '编辑', scope: 'row', codes: [MGR], showFor: managed, run: (ctx) => ctx.openForm('edit', ctx.row) },
      { key: 'password', label: '重置密码', scope: 'row', codes: [MGR, PASSWORD], mode: 'includeAll', showFor: managed, run: (ctx) => open({ kind: 'password', row: ctx.row! }) },
      {
        key: 'disable',
        label: '禁用',
        intent: Intent.WARNING,
        scope: 'row',
        codes: [MGR, STATUS],
        mode: 'includeAll',
        confirm: '确定要禁用该管理员吗？禁用后其登录将立即失效。',
        showFor: (row) => managed(row) && row.status === 0,
        run: (ctx) => setStatus(ctx.row!, 1, ctx.reload),
      },
      {
        key: 'enable',
        label: '启用',
        intent: Intent.SUCCESS,
        scope: 'row',
        codes: [MGR, STATUS],
        mode: 'includeAll',
        confirm: '确定要启用该管理员吗？',
        showFor: (row) => managed(row) && row.status !== 0,
        run: (ctx) => setStatus(ctx.row!, 0, ctx.reload),
      },
      { key: 'perm', label: '权限', scope: 'row', codes: [QUERY, PERM], mode: 'include', run: (ctx) => open({ kind: 'perm', row: ctx.row! }) },
      {
        key: 'delete',
        label: '删除',
        intent: Intent.DANGER,
        scope: 'row',
        codes: [MGR],
        confirm: '确定要删除该管理员吗？删除后不可恢复。',
        showFor: managed,
        run: async (ctx) => {
          await request('user/subuser/delete', { userId: ctx.row!.userId }, { showLoading: true });
          showSuccess('删除成功');
          ctx.reload();
        },
      },
    ],
  });
}

/** /admin/index 管理员. */
export function AdminPage() {
  const session = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const screen = useMemo(() => adminScreen(session?.userId, setDialog), [session?.userId]);
  const row = dialog?.row;
  return (
    <div data-testid="admin-page">
      <ScreenView screen={screen} />
      {dialog?.kind === 'password' && row && <PasswordDialog userId={row.userId as number} username={String(row.username)} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'perm' && row && <PermDialog userId={row.userId as number} username={String(row.username)} onClose={() => setDialog(null)} />}
    </div>
  );
}
