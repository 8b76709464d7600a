import { Button, Card, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ent, FormButtons, STANDALONE_ROUTES, FormFields, request, useFormMachine, type Field, type Row } from '@flexpay/shared-utility';
import { EntityScreenView } from '@flexpay/shared-utility/kit';
import { entContractTable } from '../ent/parts';
import './edit.css';
import { editRouteOf, editTarget, ruleOf, updateBody, type EditRoute } from './edit-routes';

function fieldsOf(route: EditRoute): Field[] {
  return route.fields.map((name) => {
    const field = ent.fields[name];
    const textarea = field.type === 'textarea';
    return { name, label: field.label, type: textarea ? 'textarea' : 'text', rows: textarea ? [3, 6] : undefined, rule: ruleOf(name) };
  });
}

function EditForm({ route, record, onSaved }: { route: EditRoute; record: Row; onSaved: (fresh: Row) => void }) {
  const { form, state } = useFormMachine({
    fields: fieldsOf(route),
    mode: 'edit',
    initial: record,
    recordKey: 'id',
    submit: async (payload) => {
      const fresh = await request<Row>(`${ent.paths.mgr}/update`, updateBody(route, Number(record.id), payload), { showLoading: true });
      onSaved(fresh ?? { ...record, ...payload });
      return fresh;
    },
  });
  return (
    <>
      <div className="fp-edit-form">
        <FormFields form={form} state={state} />
      </div>
      <div className="fp-edit-buttons">
        <FormButtons form={form} state={state} onClose={() => window.history.back()} onSaved={() => undefined} />
      </div>
    </>
  );
}

/** One enterprise edit route: the record from the navigation state, or loaded by the URL's id. */
function EntEditPage({ route, title }: { route: EditRoute; title: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const target = editTarget(location.search, location.state);
  const [loaded, setLoaded] = useState<{ id: number; record: Row | null } | null>(null);

  useEffect(() => {
    if (target.addIdToUrl) navigate({ pathname: location.pathname, search: `?id=${target.id}` }, { replace: true, state: target.record });
  }, [target.addIdToUrl]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (target.id === null || target.record) return;
    let alive = true;
    const id = target.id;
    request<Row>(`${ent.paths.query}/get`, { id }).then(
      (record) => alive && setLoaded({ id, record }),
      () => alive && setLoaded({ id, record: null }),
    );
    return () => {
      alive = false;
    };
  }, [target.id, target.record === null]); // eslint-disable-line react-hooks/exhaustive-deps

  const record = target.record ?? (loaded && loaded.id === target.id ? loaded.record : undefined);
  // Keeps a saved record in the history entry, so back/forward and reload show the saved values.
  const saved = (fresh: Row) => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: fresh });

  let body;
  if (target.id === null) body = <NonIdealState icon="search" title="未指定企业" description="请从企业列表进入" action={<Button text="前往企业列表" onClick={() => navigate('/ent/index')} />} />;
  else if (record === undefined) body = <Spinner />;
  else if (record === null) body = <NonIdealState icon="lock" title="无权查看相关数据" />;
  else
    body = (
      <>
        <div className="fp-edit-target" data-testid="edit-target">
          <span className="fp-kit-label">企业</span>
          <strong>{String(record.entName ?? '')}</strong>
          <span className="fp-edit-code">{String(record.entCode ?? '')}</span>
        </div>
        {route.fields.length > 0 ? (
          <EditForm key={`${String(record.id)}-${String(record.updatedAt ?? '')}`} route={route} record={record} onSaved={saved} />
        ) : (
          <EntityScreenView screen={entContractTable} urlState={false} link={{ entId: record.id }} />
        )}
      </>
    );

  return (
    <Card className="fp-kit-page" data-testid="edit-ent">
      <H4>{title}</H4>
      {body}
    </Card>
  );
}

/** The screen component of an edit route (its screen file names the route). */
export function editScreen(path: string) {
  const route = editRouteOf(path);
  const title = STANDALONE_ROUTES.find((r) => r.path === path)?.title ?? route.action;
  const Screen = () => <EntEditPage route={route} title={title} />;
  Screen.displayName = `EntEdit(${path})`;
  return Screen;
}
