import type { ReactNode } from 'react';
import type { Tone } from '../../pure';
import { ensureTableStyles } from './table-styles';

/** A status in its declared tone (issue 22): the theme's success, warning, danger, primary or grey. */
export function StatusTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  ensureTableStyles();
  return <span className={`fp-tag fp-tag--${tone}`}>{children}</span>;
}
