import { Button, FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { usePermitted } from '../permitted';
import { FieldInput } from '../form/field-input';
import type { Field, Row } from '../screen';

export interface SearchFormProps {
  fields: Field[];
  values: Row;
  onChange: (values: Row) => void;
  onSearch: () => void;
  onReset: () => void;
  /** Extra buttons after 查询 / 重置 (the export button). */
  extra?: ReactNode;
  loading?: boolean;
}

/** Inline search fields with 查询 and 重置; Enter in a field searches. */
export function SearchForm({ fields, values, onChange, onSearch, onReset, extra, loading }: SearchFormProps) {
  const permitted = usePermitted();
  const visible = fields.filter((f) => permitted({ onlyFor: f.onlyFor, notFor: f.notFor, codes: f.visibility?.codes, mode: f.visibility?.mode }));
  return (
    <form
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '0 16px' }}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {visible.map((field) => (
        <FormGroup key={field.name} inline label={field.label} labelFor={`kit-search-${field.name}`}>
          <div style={{ minWidth: 200 }}>
            <FieldInput field={field} id={`kit-search-${field.name}`} value={values[field.name]} values={values} onChange={(v) => onChange({ ...values, [field.name]: v })} />
          </div>
        </FormGroup>
      ))}
      <div style={{ display: 'flex', gap: 8, marginBottom: 15 }}>
        <Button type="submit" icon="search" intent={Intent.PRIMARY} loading={loading} text="查询" />
        <Button icon="reset" text="重置" onClick={onReset} />
        {extra}
      </div>
    </form>
  );
}
