import { Button, ButtonGroup, Classes, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { jumpTarget, PAGE_SIZES, pageCount, pagerItems, totalLabel, type TotalKind } from './pager';

export interface PaginationProps {
  total: number;
  /** A large list's total is an estimate or a lower bound (the server says which). */
  totalKind?: TotalKind;
  pageNum: number;
  pageSize: number;
  onChange: (pageNum: number, pageSize: number) => void;
  pageSizes?: readonly number[];
  disabled?: boolean;
}

/** total, prev, pager, next, jumper, sizes (spec §2). */
export function Pagination({ total, totalKind, pageNum, pageSize, onChange, pageSizes = PAGE_SIZES, disabled }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const [jump, setJump] = useState('');
  const go = (page: number) => page !== pageNum && onChange(page, pageSize);
  const submitJump = () => {
    const target = jumpTarget(jump, pages);
    setJump('');
    if (target !== null) go(target);
  };
  return (
    <nav aria-label="分页" style={{ display: 'flex', alignItems: 'center', gap: 12, justifyContent: 'flex-end', padding: '12px 0', flexWrap: 'wrap' }}>
      <span>{totalLabel(total, totalKind)}</span>
      <ButtonGroup variant="minimal">
        <Button icon="chevron-left" disabled={disabled || pageNum <= 1} aria-label="上一页" onClick={() => go(pageNum - 1)} />
        {pagerItems(pageNum, pages).map((item) =>
          typeof item === 'number' ? (
            <Button key={item} text={item} active={item === pageNum} aria-label={`第 ${item} 页`} aria-current={item === pageNum ? 'page' : undefined} disabled={disabled} onClick={() => go(item)} />
          ) : (
            <Button
              key={item}
              icon="more"
              disabled={disabled}
              aria-label={item === 'more-before' ? '向前 5 页' : '向后 5 页'}
              onClick={() => go(item === 'more-before' ? Math.max(1, pageNum - 5) : Math.min(pages, pageNum + 5))}
            />
          ),
        )}
        <Button icon="chevron-right" disabled={disabled || pageNum >= pages} aria-label="下一页" onClick={() => go(pageNum + 1)} />
      </ButtonGroup>
      <span className={Classes.TEXT_MUTED} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        前往
        <InputGroup
          small
          aria-label="前往页码"
          style={{ width: 48 }}
          value={jump}
          disabled={disabled}
          onValueChange={(v) => setJump(v.replace(/\D/g, ''))}
          onKeyDown={(e) => e.key === 'Enter' && submitJump()}
          onBlur={submitJump}
        />
        页
      </span>
      <HTMLSelect
        aria-label="每页条数"
        value={pageSize}
        disabled={disabled}
        options={pageSizes.map((size) => ({ value: size, label: `${size} 条/页` }))}
        onChange={(e) => onChange(1, Number(e.currentTarget.value))}
      />
    </nav>
  );
}
