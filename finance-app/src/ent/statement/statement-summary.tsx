import { DEFAULT_DATE_FORMAT, formatDate, formatMoney, isNegativeMoney, statementFigures } from '@flexpay/shared-utility';
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
        {statementFigures(s).map((f) => (
          <Figure key={f.key} label={`${f.label}(元)`} value={f.value} testId={f.key} tone={f.tone} />
        ))}
      </div>
    </>
  );
}
