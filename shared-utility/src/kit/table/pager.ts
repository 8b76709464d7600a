/** Pagination arithmetic (spec §2/§9), kept apart from the component for tests. */

export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SCROLL_TOP_MS = 800;

/** How a list's total was counted: exactly, or for a large result estimated / known only to exceed it (issue 13). */
export type TotalKind = 'exact' | 'estimate' | 'atLeast';

export function totalLabel(total: number, kind: TotalKind = 'exact'): string {
  if (kind === 'estimate') return `约 ${total} 条`;
  if (kind === 'atLeast') return `超过 ${total} 条`;
  return `共 ${total} 条`;
}

/** Where a large result's summary row would be: what to do to see it. */
export const LARGE_SUMMARY_NOTE = '数据量较大，缩小筛选范围后显示合计';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type PagerItem = number | 'more-before' | 'more-after';

/** Up to `slots` page buttons: first and last always, a window around the current page, gaps as "more". */
export function pagerItems(current: number, pages: number, slots = 7): PagerItem[] {
  if (pages <= slots) return Array.from({ length: pages }, (_, i) => i + 1);
  const half = Math.floor(slots / 2);
  const moreBefore = current > slots - half;
  const moreAfter = current < pages - half;
  let from: number;
  let to: number;
  if (moreBefore && moreAfter) {
    from = current - (half - 1);
    to = current + (half - 1);
  } else if (moreBefore) {
    from = pages - (slots - 2);
    to = pages - 1;
  } else {
    from = 2;
    to = slots - 1;
  }
  const items: PagerItem[] = [1];
  if (moreBefore) items.push('more-before');
  for (let p = from; p <= to; p++) items.push(p);
  if (moreAfter) items.push('more-after');
  items.push(pages);
  return items;
}

/** Clamps a typed jumper value to a valid page; null when it is not a number. */
export function jumpTarget(text: string, pages: number): number | null {
  const n = Math.trunc(Number(text));
  if (text.trim() === '' || !Number.isFinite(n)) return null;
  return Math.min(Math.max(1, n), pages);
}

/** Smooth scroll of `element` to the top over `duration` ms (ease-out), cancellable. */
export function scrollToTop(element: Element | null = document.scrollingElement, duration = SCROLL_TOP_MS): () => void {
  if (!element) return () => undefined;
  const from = element.scrollTop;
  const startedAt = performance.now();
  let frame = 0;
  const step = (now: number) => {
    const t = Math.min(1, (now - startedAt) / duration);
    element.scrollTop = from * (1 - (1 - (1 - t) ** 3));
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
