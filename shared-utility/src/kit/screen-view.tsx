import { Button, Card } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { request } from '../api';
import { confirmDialog } from '../ui';
import { FormDialog, FormDrawer, submitTo } from './form/form-dialog';
import { usePermitted } from './permitted';
import type { Action, ActionContext, FormMode, Row, ScreenDef } from './screen';
import { TableDrawer, TableView, type TableViewContext } from './table/table-view';

export interface ScreenViewProps<R extends Row> {
  screen: ScreenDef<R>;
  /** Conditions always sent with the list call. */
  fixedCond?: Row;
  /** Required when screen.list.drawer: the drawer's state and its search model. */
  drawer?: { isOpen: boolean; onClose: () => void; model: Row };
}

async function runAction<R extends Row>(action: Action<R>, ctx: ActionContext<R>): Promise<void> {
  if (action.confirm && !(await confirmDialog({ title: '提示', text: action.confirm, confirmText: '确定', cancelText: '取消' }))) return;
  try {
    await action.run(ctx);
  } catch {
    // Request failures were already shown by the request layer.
  }
}

/**
 * Renders a declared screen: table view, form dialog/drawer for add/edit/view, and the row,
 * toolbar and selection actions the signed-in user may use.
 */
export function ScreenView<R extends Row>({ screen, fixedCond, drawer }: ScreenViewProps<R>) {
  const permitted = usePermitted();
  const { list, form } = screen;
  const [formState, setFormState] = useState<{ mode: FormMode; row?: R } | null>(null);
  const [reloadSignal, setReloadSignal] = useState(0);

  const actions = screen.actions.filter((a) => permitted(a));
  const rowActions = actions.filter((a) => a.scope === 'row');
  const barActions = actions.filter((a) => a.scope !== 'row');
  const openForm = useCallback((mode: FormMode, row?: R) => setFormState({ mode, row }), []);

  const context = (view: TableViewContext<R>, row?: R): ActionContext<R> => ({ ...view, row, openForm });

  const load = useMemo(() => {
    const row = formState?.row;
    if (!form?.getPath || !row || formState?.mode === 'add') return undefined;
    const path = form.getPath;
    return () => request<Row>(path, { [list.rowKey]: row[list.rowKey] });
  }, [form?.getPath, formState, list.rowKey]);

  const view = {
    list,
    fixedCond,
    reloadSignal,
    actionsWidth: Math.max(120, rowActions.length * 64),
    toolbar:
      barActions.length > 0
        ? (ctx: TableViewContext<R>) =>
            barActions.map((a) => (
              <Button
                key={a.key}
                intent={a.intent}
                text={a.label}
                disabled={a.scope === 'selection' && ctx.selection.length === 0}
                onClick={() => void runAction(a, context(ctx))}
              />
            ))
        : undefined,
    rowActions:
      rowActions.length > 0
        ? (row: R, ctx: TableViewContext<R>) =>
            rowActions
              .filter((a) => !a.showFor || a.showFor(row))
              .map((a) => (
                <Button key={a.key} size="small" variant="minimal" intent={a.intent} text={a.label} onClick={() => void runAction(a, context(ctx, row))} />
              ))
        : undefined,
  };

  const Container = form?.drawer ? FormDrawer : FormDialog;
  return (
    <>
      {list.drawer && drawer ? (
        <TableDrawer {...view} title={screen.title} isOpen={drawer.isOpen} onClose={drawer.onClose} model={drawer.model} />
      ) : (
        // A screen sits on a card with the page margin, like every other view of the suite.
        <Card style={{ margin: 16 }}>
          <TableView {...view} />
        </Card>
      )}
      {form && formState && (
        <Container
          isOpen
          mode={formState.mode}
          title={(mode) => (mode === 'add' ? form.titles.add : mode === 'view' ? (form.titles.view ?? form.titles.edit) : form.titles.edit)}
          fields={form.fields}
          initial={formState.mode === 'add' ? form.defaults : formState.row}
          load={load}
          recordKey={list.rowKey}
          confirmSubmit={form.confirmSubmit}
          submit={submitTo(form.createPath, form.updatePath)}
          canEdit={permitted(form.editRule)}
          onClose={() => setFormState(null)}
          onSaved={() => setReloadSignal((n) => n + 1)}
        />
      )}
    </>
  );
}
