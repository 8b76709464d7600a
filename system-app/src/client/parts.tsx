/**
 * Pieces the /client screens share: the business-code checkboxes of an authorisation, the jump from
 * a row to 授权企业管理 (the merchant's code for its path).
 */
import { Checkbox } from '@blueprintjs/core';
import { ENUMS, request, type CustomInputProps, type EntityField, type Field, type Row } from '@flexpay/shared-utility';
import { refInput } from '@flexpay/shared-utility/kit';

/** The business API codes as checkboxes; the value is the list of checked codes. */
export function ApiCodesInput({ value, onChange, readOnly }: CustomInputProps) {
  const checked = new Set(Array.isArray(value) ? value.map(Number) : []);
  return (
    <div className="fp-client-codes">
      {ENUMS.businessApi.map((o) => (
        <Checkbox
          key={o.value}
          inline
          label={o.label}
          checked={checked.has(o.value)}
          disabled={readOnly}
          onChange={() => onChange(ENUMS.businessApi.map((b) => b.value).filter((c) => (c === o.value ? !checked.has(c) : checked.has(c))))}
        />
      ))}
    </div>
  );
}

const PARTIAL = 2;

/** The derived form, with the business codes as checkboxes offered under 部分授权 only. */
export const authorisationFields = (fields: Field[]): Field[] =>
  fields.map((f) => (f.name === 'apiCodes' ? { ...f, type: 'custom', input: ApiCodesInput, required: true, showWhen: (v) => Number(v.authorization) === PARTIAL } : f));

/** Ref fields draw the kit's server-backed selects. */
export const refInputs = (name: string, field: EntityField) => (field.type === 'ref' ? refInput(name, field) : undefined);

/** The merchant's code for the path of 授权企业管理 (authorisation rows carry the merchant's id). */
export const merchantCodeOf = async (merchtId: unknown): Promise<string> => (await request<Row>('mercht/query/get', { id: merchtId })).merchtCode as string;
