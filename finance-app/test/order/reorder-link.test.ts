/**
 * Issue 21 item 5 on the 订单明细 screen: a failed line shows the temp order it was re-made into
 * (重新制单 column), and 重新制单 is not offered on it again while that link is set.
 */
import detailScreen from '../../src/order/detail.screen';
import prodOrderScreen from '../../src/order/prodOrder.screen';

type Declared = { list: string[]; actions: Array<{ kind: string; key?: string; when?: (row: Record<string, unknown>) => boolean; names?: string[] }> };

test('订单明细 lists the re-made temp order and offers 重新制单 only on a failed line not yet re-made', () => {
  const screen = detailScreen as unknown as Declared;
  expect(screen.list).toContain('remadeTempOrderNo');
  const reorder = screen.actions.find((a) => a.key === 'reorderFailed')!;
  expect(reorder.when!({ status: 30, remadeTempOrderNo: null })).toBe(true);
  expect(reorder.when!({ status: 50, remadeTempOrderNo: null })).toBe(true);
  expect(reorder.when!({ status: 30, remadeTempOrderNo: 'TO00000042' })).toBe(false);
  expect(reorder.when!({ status: 20, remadeTempOrderNo: null })).toBe(false);
});

test('制单管理 offers 关闭 among its transitions and no new row on an API client’s temp order', () => {
  const screen = prodOrderScreen as unknown as Declared & { actions: Array<{ kind: string; key?: string; addable?: (row: Record<string, unknown>) => boolean }> };
  expect(JSON.stringify(screen.actions.filter((a) => a.kind === 'transitions'))).toContain('close');
  const rows = screen.actions.find((a) => a.key === 'rows') as unknown as { addable: (row: Record<string, unknown>) => boolean };
  expect(rows.addable({ status: 0, openClientCode: null })).toBe(true);
  expect(rows.addable({ status: 21, openClientCode: 'CLI00000001' })).toBe(false);
});
