import { Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { entConfig, FormDialog, request, type Row } from '@flexpay/shared-utility';
import { defaultsOf } from '@flexpay/shared-utility/kit';
import { derivedFormFields } from './derived-fields';

const FIELDS = derivedFormFields(entConfig).filter((f) => f.name !== 'entId');
const { query, mgr } = entConfig.paths;

/**
 * 企业配置 of one enterprise (the payout switches, keyed by entId). An enterprise created before its
 * configuration existed has none yet: the dialog then creates it with the declared defaults.
 */
export function EntConfigDialog({ ent, onClose }: { ent: Row; onClose: () => void }) {
  const entId = ent.id;
  const [found, setFound] = useState<{ record: Row | null } | null>(null);
  useEffect(() => {
    let alive = true;
    // Silent: a missing configuration is the create case, not an error to toast.
    request<Row | null>(`${query}/get`, { entId }, { silent: true }).then(
      (record) => alive && setFound({ record: record ?? null }),
      () => alive && setFound({ record: null }),
    );
    return () => {
      alive = false;
    };
  }, [entId]);
  if (!found) return <Spinner className="fp-ent-config-loading" />;
  const exists = found.record !== null;
  return (
    <FormDialog
      isOpen
      mode={exists ? 'edit' : 'add'}
      title={`企业配置（${String(ent.entName ?? '')}）`}
      fields={FIELDS}
      initial={exists ? found.record! : { ...defaultsOf(entConfig), entId }}
      recordKey="entId"
      submit={(payload) => request(`${mgr}/${exists ? 'update' : 'create'}`, { ...payload, entId }, { showLoading: true })}
      onClose={onClose}
    />
  );
}
