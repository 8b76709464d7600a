import { Tooltip } from '@blueprintjs/core';
import { ENUMS, enumLabel, type Row } from '@flexpay/shared-utility';

/** What each kind of balance move does to the two balances (issue 22: the ledger explains itself). */
export const MOVE_EXPLAINED: Record<number, string> = {
  0: '增加：充值到账等，金额计入可用余额',
  1: '锁定：代发订单或退款申请时，金额从可用余额转入锁定金额，等待付出',
  2: '解锁：代发失败、退款驳回或失败时，锁定金额退回可用余额',
  3: '扣减：代发成功或退款成功时，锁定金额付出并扣除',
};

/** 变动类型 in words, with what it means for 可用 and 锁定 in a tooltip. */
export function moveTypeCell(row: Row) {
  const type = Number(row.type);
  return (
    <Tooltip content={MOVE_EXPLAINED[type] ?? ''} hoverOpenDelay={300} disabled={!MOVE_EXPLAINED[type]}>
      <span className="fp-move-type" data-testid="move-type">
        {enumLabel(ENUMS.balanceChange, row.type, String(row.type ?? ''))}
      </span>
    </Tooltip>
  );
}
