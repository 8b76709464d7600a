import { Button, Classes, ControlGroup, InputGroup } from '@blueprintjs/core';
import { MAX_LADDER_BANDS, parseLadder } from '../../pure';
import type { FeeLadderEntry } from '../format';
import { MoneyInput } from './money-input';

export interface LadderInputProps {
  value: FeeLadderEntry[] | null | undefined;
  onChange: (value: FeeLadderEntry[]) => void;
  readOnly?: boolean;
  id?: string;
}

const RATIO_INPUT = /^\d{0,3}(\.\d{0,4})?$/;

/** The ladder's problem by the engine's own rules (rules/fees.ts), as the server will answer it; null when valid. */
export function ladderError(entries: FeeLadderEntry[] | null | undefined): string | null {
  const parsed = parseLadder(entries ?? []);
  return 'error' in parsed ? parsed.error : null;
}

/**
 * 费率阶梯 editor: one band per line, from its fence (元 of month volume) at a ratio (%); the first
 * band starts at 0. The engine's message shows under the bands while they are not valid.
 */
export function LadderInput({ value, onChange, readOnly, id }: LadderInputProps) {
  const entries = value && value.length > 0 ? value : [{ fence: '0.00', ratio: '' }];
  const set = (index: number, patch: Partial<FeeLadderEntry>) => onChange(entries.map((e, i) => (i === index ? { ...e, ...patch } : e)));
  const error = readOnly ? null : ladderError(entries);
  return (
    <div id={id} data-testid="ladder-input">
      {entries.map((entry, i) => (
        <ControlGroup key={i} style={{ marginBottom: 6, alignItems: 'center' }}>
          <span className={Classes.TEXT_MUTED} style={{ width: 56 }}>{`第${i + 1}档`}</span>
          <div style={{ width: 150 }}>
            <MoneyInput value={String(entry.fence ?? '')} readOnly={readOnly || i === 0} onChange={(fence) => set(i, { fence })} placeholder="起始金额" />
          </div>
          <span className={Classes.TEXT_MUTED} style={{ padding: '0 6px' }}>起</span>
          <InputGroup
            style={{ width: 96, textAlign: 'right' }}
            value={String(entry.ratio ?? '')}
            readOnly={readOnly}
            placeholder="费率"
            inputMode="decimal"
            aria-label={`第${i + 1}档费率`}
            rightElement={<span className={Classes.TEXT_MUTED} style={{ lineHeight: '30px', padding: '0 8px' }}>%</span>}
            onValueChange={(ratio) => RATIO_INPUT.test(ratio) && set(i, { ratio })}
          />
          {!readOnly && i > 0 && <Button variant="minimal" icon="cross" aria-label={`删除第${i + 1}档`} onClick={() => onChange(entries.filter((_, j) => j !== i))} />}
        </ControlGroup>
      ))}
      {!readOnly && entries.length < MAX_LADDER_BANDS && (
        <Button small icon="plus" text="添加一档" onClick={() => onChange([...entries, { fence: '', ratio: '' }])} />
      )}
      {error && (
        <div className={Classes.FORM_HELPER_TEXT} style={{ color: '#cd4246', marginTop: 4 }} data-testid="ladder-error">
          {error}
        </div>
      )}
    </div>
  );
}

