import { Classes, InputGroup, type Intent } from '@blueprintjs/core';
import { acceptMoneyInput, normaliseMoney } from './input-rules';

export interface MoneyInputProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  intent?: Intent;
  id?: string;
  'aria-label'?: string;
}

/** Amount in 元 with at most two decimals, capped by the shared money rule (9999999999.99). */
export function MoneyInput({ value, onChange, disabled, readOnly, placeholder = '0.00', intent, id, 'aria-label': label }: MoneyInputProps) {
  return (
    <InputGroup
      id={id}
      aria-label={label}
      value={value ?? ''}
      inputMode="decimal"
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder}
      intent={intent}
      style={{ textAlign: 'right' }}
      rightElement={<span className={Classes.TEXT_MUTED} style={{ lineHeight: '30px', padding: '0 8px' }}>元</span>}
      onValueChange={(next) => onChange(acceptMoneyInput(value ?? '', next))}
      onBlur={() => value && onChange(normaliseMoney(value))}
    />
  );
}
