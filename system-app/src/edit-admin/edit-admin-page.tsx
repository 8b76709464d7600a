import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Card, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { FormButtons, FormFields, patchSession, request, useFormMachine, type Row } from '@flexpay/shared-utility';
import { ADMIN_FORM_FIELDS } from '../admin/index.screen';
import { ContactChange } from './contact-change';

/** Fields that change only with proof on one's own account (更换手机号或邮箱 below the form). */
const PROVEN_FIELDS = ['phone', 'email'];

/**
 * One's own account: the administrator drawer without password, status and organisation; phone and
 * e-mail are shown read-only (they change through ContactChange, issue 21 item 1).
 */
export const PROFILE_FIELDS = ADMIN_FORM_FIELDS.filter((f) => !['adminType', 'terCode', 'password', 'status'].includes(f.name)).map((f) =>
  PROVEN_FIELDS.includes(f.name) ? { ...f, readOnlyWhen: 'edit' as const, required: false } : f,
);
/** Someone else's account (user/subuser/update): every field of the drawer but the organisation's. */
const SUBUSER_FIELDS = ADMIN_FORM_FIELDS.filter((f) => !['adminType', 'terCode', 'password', 'status'].includes(f.name));

/** The record /editAdmin receives: {self:true} (or nothing) edits one's own account, {userId} someone else's. */
export function editTarget(state: unknown): { self: true } | { self: false; userId: number } {
  const record = (state ?? {}) as Row;
  const userId = Number(record.userId);
  if (record.self === true || !Number.isInteger(userId) || userId <= 0) return { self: true };
  return { self: false, userId };
}

/** userInfo calls the WeChat field weChat; the forms and update calls use wechat (spec §3). */
function fromUserInfo(info: Row): Row {
  const { weChat, ...rest } = info;
  return { ...rest, wechat: rest.wechat ?? weChat ?? '' };
}

function EditForm({ self, record }: { self: boolean; record: Row }) {
  const { form, state } = useFormMachine({
    fields: self ? PROFILE_FIELDS : SUBUSER_FIELDS,
    mode: 'edit',
    initial: record,
    recordKey: self ? undefined : 'userId',
    submit: async (payload) => {
      if (self) {
        const { username: _u, phone: _p, email: _e, ...profile } = payload;
        const info = await request<Row>('user/update', profile, { showLoading: true });
        const fresh = fromUserInfo(info);
        patchSession({
          name: fresh.name as string | null,
          phone: fresh.phone as string | null,
          email: fresh.email as string | null,
          weChat: fresh.wechat as string | null,
          avatar: fresh.avatar as string | null,
          sex: fresh.sex as number,
          remark: fresh.remark as string | null,
        });
        return info;
      }
      return request('user/subuser/update', payload, { showLoading: true });
    },
  });
  return (
    <>
      <FormFields form={form} state={state} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12, maxWidth: 560 }}>
        <FormButtons form={form} state={state} onClose={() => window.history.back()} onSaved={() => undefined} />
      </div>
    </>
  );
}

/**
 * /editAdmin 编辑账号: one's own account through user/update (navbar 个人设置), someone else's through
 * user/subuser/update, which the server allows only with 1012 in the same organisation.
 */
export function EditAdminPage() {
  const location = useLocation();
  const target = editTarget(location.state);
  const key = target.self ? 'self' : String(target.userId);
  const [loaded, setLoaded] = useState<{ key: string; record: Row | null } | null>(null);

  useEffect(() => {
    let alive = true;
    const load = target.self ? request<Row>('user/get').then(fromUserInfo) : request<Row>('user/subuser/get', { userId: target.userId });
    load.then(
      (record) => alive && setLoaded({ key, record }),
      () => alive && setLoaded({ key, record: null }),
    );
    return () => {
      alive = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps

  let body;
  if (!loaded || loaded.key !== key) body = <Spinner />;
  else if (!loaded.record) body = <NonIdealState icon="lock" title="无权查看相关数据" />;
  else {
    const record = loaded.record;
    // A changed contact re-opens the form with the fresh values (its "unchanged" baseline included).
    const contactChanged = (info: Row) => {
      const fresh = fromUserInfo(info);
      patchSession({ phone: fresh.phone as string | null, email: fresh.email as string | null });
      setLoaded({ key, record: { ...record, phone: fresh.phone, email: fresh.email } });
    };
    body = (
      <>
        <EditForm key={`${key}:${String(record.phone)}:${String(record.email)}`} self={target.self} record={record} />
        {target.self && <ContactChange current={{ phone: (record.phone as string | null) ?? null, email: (record.email as string | null) ?? null }} onChanged={contactChanged} />}
      </>
    );
  }

  return (
    <Card data-testid="edit-admin" style={{ maxWidth: 760 }}>
      <H4>{target.self ? '个人设置' : '编辑管理员信息'}</H4>
      {body}
    </Card>
  );
}


