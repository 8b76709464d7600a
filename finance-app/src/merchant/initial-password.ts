/**
 * Creating a merchant or an enterprise also creates its top administrator; the server answers the
 * generated initial password once (`{id, admin: {username, initialPassword}}`), so 新增 is the kit's
 * create form declared with the answer it shows once after saving (form({ then })).
 */
import type { Entity, Field, Row } from '@flexpay/shared-utility';
import { form, type FormAction } from '@flexpay/shared-utility/kit';
import { FIRST_SIGN_IN_NOTE } from './initial-password-answer';

/** 新增 on the toolbar of an organisation screen: the create form (`fields`), then the administrator and the password. */
export function createWithAdmin(entity: Entity, options: { fields: Field[]; complete?: (values: Row) => Row | Promise<Row> }): FormAction {
  return form({
    view: false,
    edit: false,
    fields: options.fields,
    // The entity's creatable fields and what `complete` adds: display-only inputs (企业's 供应商) are not sent.
    writableOnly: true,
    complete: options.complete,
    then: {
      title: `${entity.title}管理员已创建`,
      note: FIRST_SIGN_IN_NOTE,
      closeText: '我已记下',
      secrets: [
        { field: 'admin.username', label: '管理员账号', testId: 'initial-username', copied: false },
        { field: 'admin.initialPassword', label: '初始密码', testId: 'initial-password', copied: '已复制初始密码' },
      ],
    },
  });
}
