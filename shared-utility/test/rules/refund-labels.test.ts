/** Issue 21 item 14: a refund's handle status reads as DOMAIN.md §3 says (10 approved, 20 rejected). */
import { ENUMS, enumLabel } from '../../src/pure/enums';
import { RefundStatus, refundHandleProcess } from '../../src/pure/rules/money';

const handleOf = (status: number) => enumLabel(ENUMS.handleStatus, refundHandleProcess(status).handleStatus);
const processOf = (status: number) => enumLabel(ENUMS.processStatus, refundHandleProcess(status).processStatus);

it('handle 10 is 已通过 and 20 is 已驳回, the same words as the refund status a reviewer set', () => {
  expect(enumLabel(ENUMS.handleStatus, 10)).toBe('已通过');
  expect(enumLabel(ENUMS.handleStatus, 20)).toBe('已驳回');
  expect(handleOf(RefundStatus.PENDING)).toBe('未处理');
  expect(handleOf(RefundStatus.REJECTED)).toBe(enumLabel(ENUMS.refundStatus, RefundStatus.REJECTED));
  // Approved refunds stay 已通过 whatever the payment then did; the process status tells that part.
  for (const status of [RefundStatus.REFUNDING, RefundStatus.SUCCESS, RefundStatus.FAILED]) expect(handleOf(status)).toBe('已通过');
  expect([RefundStatus.REFUNDING, RefundStatus.SUCCESS, RefundStatus.FAILED].map(processOf)).toEqual(['处理中', '处理成功', '处理失败']);
});
