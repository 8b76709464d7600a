/**
 * Creating a merchant or an enterprise also creates its top administrator; the server answers the
 * generated initial password once (`{id, admin: {username, initialPassword}}`), so the create form
 * is this screen's own and shows the password right after saving instead of the kit's plain 新增.
 */
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FormDialog, request, showSuccess, type Entity, type Field, type Row } from '@flexpay/shared-utility';
import { custom, defaultsOf, invalidateOptions, writableFields, type CustomAction } from '@flexpay/shared-utility/kit';
import { derivedFormFields } from '../ent/derived-fields';
import { FIRST_SIGN_IN_NOTE, newAdminOf, type NewAdmin } from './initial-password-answer';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess('已复制初始密码');
  } catch {
    // Clipboard access is refused outside secure contexts: the password stays selectable on screen.
    const node = document.querySelector<HTMLElement>('[data-testid="initial-password"]');
    if (node) window.getSelection()?.selectAllChildren(node);
  }
}

/** The one-time display of a new top administrator's initial password. */
export function InitialPasswordDialog({ title, admin, onClose }: { title: string; admin: NewAdmin; onClose: () => void }) {
  return (
    <Dialog isOpen title={title} icon="key" style={{ width: 500 }} onClose={onClose} canOutsideClickClose={false} canEscapeKeyClose={false} isCloseButtonShown={false}>
      <DialogBody>
        <div className="fp-kit-detail-line">
          <span className={`fp-kit-label ${Classes.TEXT_MUTED}`}>管理员账号</span>
          <strong data-testid="initial-username">{admin.username}</strong>
        </div>
        <div className="fp-kit-detail-line" style={{ alignItems: 'center' }}>
          <span className={`fp-kit-label ${Classes.TEXT_MUTED}`}>初始密码</span>
          <code data-testid="initial-password" style={{ fontSize: 16, padding: '2px 8px', userSelect: 'all' }}>
            {admin.initialPassword}
          </code>
          <Button icon="duplicate" variant="minimal" text="复制" style={{ marginLeft: 8 }} onClick={() => void copy(admin.initialPassword)} />
        </div>
        <Callout intent={Intent.WARNING} icon="warning-sign" style={{ marginTop: 12 }}>
          {FIRST_SIGN_IN_NOTE}
        </Callout>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text="我已记下" onClick={onClose} />} />
    </Dialog>
  );
}

interface CreateProps {
  entity: Entity;
  fields: Field[];
  /** Values the form does not ask for (e.g. a sub-merchant's supplier, from its parent). */
  complete?: (values: Row) => Row | Promise<Row>;
  onSaved: () => void;
  onClose: () => void;
}

/** The create form, then the initial password; the list reloads after the save. */
function CreateWithAdmin({ entity, fields, complete, onSaved, onClose }: CreateProps) {
  const [admin, setAdmin] = useState<NewAdmin | null>(null);
  const [formOpen, setFormOpen] = useState(true);
  const names = writableFields(entity, 'add');
  // Cancelled, or saved without an administrator in the answer: the action ends with the form.
  useEffect(() => {
    if (!formOpen && !admin) onClose();
  }, [formOpen, admin, onClose]);
  const submit = async (payload: Row) => {
    const values = complete ? await complete(payload) : payload;
    const answer = await request<Row>(`${entity.paths.mgr}/create`, Object.fromEntries(Object.entries(values).filter(([k]) => names.includes(k))), { showLoading: true });
    setAdmin(newAdminOf(answer));
    return answer;
  };
  return (
    <>
      <FormDialog
        isOpen={formOpen}
        mode="add"
        title={`新增${entity.title}`}
        fields={fields}
        initial={defaultsOf(entity)}
        submit={submit}
        onSaved={() => {
          invalidateOptions(entity.name);
          onSaved();
        }}
        onClose={() => setFormOpen(false)}
      />
      {admin && !formOpen && <InitialPasswordDialog title={`${entity.title}管理员已创建`} admin={admin} onClose={onClose} />}
    </>
  );
}

/** 新增 on the toolbar of an organisation screen: the entity's create form (or `fields`), then the password. */
export function createWithAdmin(entity: Entity, options: { fields?: Field[]; complete?: CreateProps['complete']; onlyFor?: CustomAction['onlyFor'] } = {}): CustomAction {
  return custom({
    key: 'create',
    label: '新增',
    scope: 'toolbar',
    codes: entity.codes.mgr === undefined ? undefined : [entity.codes.mgr],
    onlyFor: options.onlyFor,
    render: ({ reload, close }) => <CreateWithAdmin entity={entity} fields={options.fields ?? derivedFormFields(entity)} complete={options.complete} onSaved={reload} onClose={close} />,
  });
}
