import { DEFAULT_DATE_FORMAT, formatDate, formatMoney, isNegativeMoney } from '@flexpay/shared-utility';
import type { Statement } from './statement-model';

function Figure({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: 'in' | 'out' }) {
  return (
    <div className={`fp-statement-figure${tone ? ` fp-statement-figure--${tone}` : ''}`} data-testid={testId}>
      <div className="fp-statement-figure-label">{label}</div>
      <div className={`fp-statement-figure-value fp-money${isNegativeMoney(value) ? ' fp-money--negative' : ''}`}>{formatMoney(value)}</div>
    </div>
  );
}

/** The statement's head and figures, shared by the screen and the print view. */
export function StatementSummary({ statement, generatedAt }: { statement: Statement; generatedAt: number }) {
  const s = statement;
  return (
    <>
      <dl className="fp-statement-head" data-testid="statement-head">
        <div><dt>企业</dt><dd>{s.entName}</dd></div>
        <div><dt>支付通道</dt><dd>{s.channelName}</dd></div>
        <div><dt>对账期间</dt><dd>{s.from} 至 {s.to}</dd></div>
        <div><dt>对账单编号</dt><dd data-testid="statement-no">{s.statementNo}</dd></div>
        <div><dt>生成时间</dt><dd>{formatDate(generatedAt, DEFAULT_DATE_FORMAT)}</dd></div>
        <div><dt>变动笔数</dt><dd>{s.count}</dd></div>
      </dl>
      <div className="fp-statement-figures">
        <Figure label="期初可用余额(元)" value={s.opening.available} testId="opening-available" />
        <Figure label="期初锁定金额(元)" value={s.opening.locked} testId="opening-locked" />
        <Figure label="充值入账(元)" value={s.totals.recharge} testId="total-recharge" tone="in" />
        <Figure label="代发金额(元)" value={s.totals.payout} testId="total-payout" tone="out" />
        <Figure label="服务费(元)" value={s.totals.fee} testId="total-fee" tone="out" />
        <Figure label="退款(元)" value={s.totals.refund} testId="total-refund" tone="out" />
        <Figure label="期末可用余额(元)" value={s.closing.available} testId="closing-available" />
        <Figure label="期末锁定金额(元)" value={s.closing.locked} testId="closing-locked" />
      </div>
    </>
  );
}
