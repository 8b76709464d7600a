import { Tooltip } from '@blueprintjs/core';
import { shortenText } from '../format';

export const TOOLTIP_DELAY_MS = 500;

/** Shows texts over 25 characters as first 12 … last 12 with the whole text in a tooltip. */
export function LongText({ text }: { text: string }) {
  const short = shortenText(text);
  if (!short.truncated) return <>{text}</>;
  return (
    <Tooltip content={<div style={{ maxWidth: 400, wordBreak: 'break-all' }}>{text}</div>} hoverOpenDelay={TOOLTIP_DELAY_MS}>
      <span>{short.text}</span>
    </Tooltip>
  );
}
