import { ControlGroup, InputGroup, type Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { acceptRangeInput, applyRangeBound, type RangeValue } from './input-rules';

export interface NumberRangeInputProps {
  value: RangeValue | [];
  onChange: (value: RangeValue) => void;
  disabled?: boolean;
  intent?: Intent;
  placeholders?: [string, string];
  /** The field's label: each bound is named after it (最小值 / 最大值 alone without it). */
  label?: string;
}

/**
 * Two decimal bounds (precision 2). A bound is committed on blur or Enter, so typing "1" on the way
 * to "150" never trips the rule that clears a bound making lower exceed upper.
 */
export function NumberRangeInput({ value, onChange, disabled, intent, placeholders = ['最小值', '最大值'], label }: NumberRangeInputProps) {
  const lower = value[0] ?? '';
  const upper = value[1] ?? '';
  const committed: RangeValue = [lower, upper];
  const [draft, setDraft] = useState<RangeValue>(committed);
  useEffect(() => setDraft([lower, upper]), [lower, upper]);

  const commit = (which: 0 | 1) => {
    const next = applyRangeBound(committed, which, draft[which]);
    setDraft(next);
    if (next[0] !== committed[0] || next[1] !== committed[1]) onChange(next);
  };

  const bound = (which: 0 | 1) => (
    <InputGroup
      // Both bounds share the cell, however narrow (a filter dialog's half column).
      style={{ flex: '1 1 0', minWidth: 0 }}
      value={draft[which]}
      inputMode="decimal"
      disabled={disabled}
      intent={intent}
      placeholder={placeholders[which]}
      aria-label={`${label ?? ''}${placeholders[which]}`}
      onValueChange={(text) => setDraft((d) => (which === 0 ? [acceptRangeInput(d[0], text), d[1]] : [d[0], acceptRangeInput(d[1], text)]))}
      onBlur={() => commit(which)}
      onKeyDown={(e) => e.key === 'Enter' && commit(which)}
    />
  );

  return (
    <ControlGroup>
      {bound(0)}
      <span style={{ alignSelf: 'center', padding: '0 6px' }}>~</span>
      {bound(1)}
    </ControlGroup>
  );
}
