import { Classes } from '@blueprintjs/core';
import { FEE_LADDER_EMPTY, feeLadderLines, type FeeLadderEntry } from '../format';

export interface FeeLadderProps {
  entries: FeeLadderEntry[] | null | undefined;
}

/** One line per ladder range (see feeLadderText); 未设置 when no entry exists. */
export function FeeLadder({ entries }: FeeLadderProps) {
  const lines = feeLadderLines(entries);
  if (lines.length === 0) return <span className={Classes.TEXT_MUTED}>{FEE_LADDER_EMPTY}</span>;
  return (
    <div>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}
