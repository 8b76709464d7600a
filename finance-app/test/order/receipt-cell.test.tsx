/** 银行回单: a line without a receipt shows the kit's one empty-cell mark (—), as its other empty cells do (issue 22 item 5). */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { EMPTY_MARK } from '@flexpay/shared-utility';
import { receiptCell } from '../../src/order/receipt';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

test('no receipt: the empty-cell mark; a receipt: its file name as a link button', () => {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<>{receiptCell({ id: 1, receiptFile: null })}</>));
  expect(EMPTY_MARK).toBe('—');
  expect(container.textContent).toBe(EMPTY_MARK);
  act(() => root.render(<>{receiptCell({ id: 1, receiptFile: '回单_PO1-1.pdf' })}</>));
  expect(container.querySelector('button')?.textContent).toBe('回单_PO1-1.pdf');
  act(() => root.unmount());
});
