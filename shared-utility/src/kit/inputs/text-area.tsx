import { TextArea, type Intent } from '@blueprintjs/core';
import { useLayoutEffect, useRef } from 'react';

export interface AutoTextAreaProps {
  value: string;
  onChange: (value: string) => void;
  minRows?: number;
  maxRows?: number;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  intent?: Intent;
  id?: string;
  'aria-label'?: string;
}

/** Grows with its content between minRows and maxRows (default 3 to 4), then scrolls. */
export function AutoTextArea({ value, onChange, minRows = 3, maxRows = 4, ...rest }: AutoTextAreaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || 18;
    const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth) || 0;
    el.style.height = 'auto';
    const height = Math.min(Math.max(el.scrollHeight, line * minRows + chrome), line * maxRows + chrome);
    el.style.height = `${height}px`;
  }, [value, minRows, maxRows]);
  return <TextArea inputRef={ref} fill rows={minRows} value={value ?? ''} onChange={(e) => onChange(e.target.value)} {...rest} />;
}
