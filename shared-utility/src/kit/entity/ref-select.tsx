import { HTMLSelect } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { EntityField } from '../../pure';
import type { CustomInputProps, Row } from '../screen';
import { options$, type RefOption } from './options';

/** The cond of a dependent select (merchant → enterprise): empty when a field it depends on is empty. */
export function dependsCond(field: EntityField, values: Row = {}): Record<string, unknown> | null {
  const cond: Record<string, unknown> = {};
  for (const [key, from] of Object.entries(field.dependsOn ?? {})) {
    const value = values[from];
    if (value === undefined || value === null || value === '') return null;
    cond[key] = value;
  }
  return cond;
}

/** A select over a referenced entity's simple list; subscribes while mounted. */
export function RefSelect({ field, id, value, onChange, readOnly, values }: CustomInputProps & { field: EntityField }) {
  const [options, setOptions] = useState<RefOption[]>([]);
  const cond = dependsCond(field, values);
  const condKey = JSON.stringify(cond);
  useEffect(() => {
    const parsed = JSON.parse(condKey) as Record<string, unknown> | null;
    if (!parsed || !field.ref) {
      setOptions([]);
      return;
    }
    const subscription = options$(field.ref, parsed).subscribe(setOptions);
    return () => subscription.unsubscribe();
  }, [field.ref, condKey]);
  const text = value === undefined || value === null ? '' : String(value);
  return (
    <HTMLSelect
      id={id}
      fill
      value={text}
      disabled={readOnly || cond === null}
      options={[{ value: '', label: `请选择${field.label}` }, ...options.map((o) => ({ value: String(o.value), label: o.label }))]}
      onChange={(e) => {
        const picked = options.find((o) => String(o.value) === e.currentTarget.value);
        onChange(picked ? picked.value : '');
      }}
    />
  );
}

/** The kit's input factory for derived fields: ref fields draw a RefSelect. */
export function refInput(_name: string, field: EntityField) {
  return (props: CustomInputProps) => <RefSelect {...props} field={field} />;
}
