import { ControlGroup, HTMLSelect, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { ENUMS, type EnumOptions } from '../../pure';
import { AutoTextArea } from '../inputs/text-area';
import { MoneyInput } from '../inputs/money-input';
import { NumberRangeInput } from '../inputs/number-range-input';
import type { RangeValue } from '../inputs/input-rules';
import { ExcelUpload } from '../excel/excel-upload';
import { FileUpload, type UploadValue } from '../upload/file-upload';
import type { Field, Row } from '../screen';

export interface FieldInputProps {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  readOnly?: boolean;
  invalid?: boolean;
  id?: string;
  /** All values of the form, passed to custom inputs. */
  values?: Row;
}

export function fieldOptions(field: Field): EnumOptions {
  return field.options ?? (field.enum ? ENUMS[field.enum] : []);
}

/** DOM controls yield strings; the form keeps the option's own value type (numbers stay numbers). */
function optionValue(options: EnumOptions, text: string): unknown {
  return options.find((o) => String(o.value) === text)?.value ?? '';
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function textRows(field: Field): [number, number] {
  if (Array.isArray(field.rows)) return field.rows;
  return field.rows ? [field.rows, field.rows] : [3, 4];
}

/** The control of one declared field, for forms and search forms alike. */
export function FieldInput({ field, value, onChange, readOnly, invalid, id, values }: FieldInputProps) {
  const intent = invalid ? Intent.DANGER : Intent.NONE;
  const placeholder = field.placeholder ?? field.label;
  // A control with an id is named by its <label for>; one without (a custom layout) by the field's label (issue 27).
  const name = id ? undefined : field.label;
  switch (field.type) {
    case 'text':
    case 'password':
      return (
        <InputGroup
          id={id}
          type={field.type}
          aria-label={name}
          value={text(value)}
          readOnly={readOnly}
          intent={intent}
          placeholder={readOnly ? undefined : `请输入${placeholder}`}
          autoComplete={field.type === 'password' ? 'new-password' : undefined}
          onValueChange={onChange}
        />
      );
    case 'textarea': {
      const [minRows, maxRows] = textRows(field);
      return <AutoTextArea id={id} aria-label={name} value={text(value)} readOnly={readOnly} intent={intent} minRows={minRows} maxRows={maxRows} placeholder={readOnly ? undefined : `请输入${placeholder}`} onChange={onChange} />;
    }
    case 'select': {
      const options = fieldOptions(field);
      return (
        <HTMLSelect
          id={id}
          aria-label={name}
          fill
          value={text(value)}
          disabled={readOnly}
          options={[{ value: '', label: `请选择${placeholder}` }, ...options.map((o) => ({ value: String(o.value), label: o.label }))]}
          onChange={(e) => onChange(optionValue(options, e.currentTarget.value))}
        />
      );
    }
    case 'radio': {
      const options = fieldOptions(field);
      return (
        <RadioGroup inline aria-label={field.label} disabled={readOnly} selectedValue={text(value)} onChange={(e) => onChange(optionValue(options, e.currentTarget.value))}>
          {options.map((o) => (
            <Radio key={String(o.value)} value={String(o.value)} label={o.label} />
          ))}
        </RadioGroup>
      );
    }
    case 'money':
      return <MoneyInput id={id} aria-label={name} value={text(value)} readOnly={readOnly} disabled={readOnly} intent={intent} onChange={onChange} />;
    case 'numberRange':
      return <NumberRangeInput label={field.label} value={(Array.isArray(value) ? value : []) as RangeValue} disabled={readOnly} intent={intent} onChange={onChange} />;
    case 'date':
      return <InputGroup id={id} aria-label={name} type="date" value={text(value)} readOnly={readOnly} intent={intent} onValueChange={onChange} />;
    case 'month':
      // The browser's month picker; its value is yyyy-MM, what the field stores.
      return <InputGroup id={id} aria-label={name} type="month" value={text(value)} readOnly={readOnly} intent={intent} onValueChange={onChange} />;
    case 'dateRange':
    case 'monthRange': {
      const range = (Array.isArray(value) ? value : []) as string[];
      const set = (which: 0 | 1, next: string) => onChange(which === 0 ? [next, range[1] ?? ''] : [range[0] ?? '', next]);
      const type = field.type === 'monthRange' ? 'month' : 'date';
      return (
        <ControlGroup>
          <InputGroup type={type} aria-label={`${field.label}开始`} value={range[0] ?? ''} readOnly={readOnly} intent={intent} onValueChange={(v) => set(0, v)} />
          <span style={{ alignSelf: 'center', padding: '0 6px' }}>至</span>
          <InputGroup type={type} aria-label={`${field.label}结束`} value={range[1] ?? ''} readOnly={readOnly} intent={intent} onValueChange={(v) => set(1, v)} />
        </ControlGroup>
      );
    }
    case 'upload':
      return <FileUpload value={(value || null) as UploadValue | null} accept={field.accept} disabled={readOnly} onChange={onChange} />;
    case 'excel':
      return <ExcelUpload value={(value || null) as File | null} disabled={readOnly} onChange={onChange} />;
    case 'custom':
      return <>{field.input?.({ id, value, onChange, readOnly, values })}</>;
  }
}
