import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { ENUMS, enumLabel, formatMoney, request } from '@flexpay/shared-utility';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { StatementSummary } from './statement-summary';
import { PRINT_MAX_LINES, type Statement, type StatementLine, STATEMENT_PATH } from './statement-model';

const PAGE_LIMIT = 1000;

/**
 * The print view: an A4 sheet over the page (the shell hidden when printing) with the statement's head
 * and figures, then every move in a table whose head repeats on each printed page; page numbers come
 * from the @page margin box (statement.css), so the browser's 打印 / 另存为 PDF gives a clean PDF.
 */
export function StatementPrint({ request: body, first, generatedAt, onClose }: { request: Record<string, unknown>; first: Statement; generatedAt: number; onClose: () => void }) {
  const [lines, setLines] = useState<StatementLine[] | null>(null);
  useEffect(() => {
    let alive = true;
    (async () => {
      const all: StatementLine[] = [];
      const wanted = Math.min(first.count, PRINT_MAX_LINES);
      for (let pageNum = 1; all.length < wanted; pageNum += 1) {
        const page = await request<Statement>(`${STATEMENT_PATH}/get`, { ...body, page: { limit: PAGE_LIMIT, pageNum } });
        if (page.lines.length === 0) break;
        all.push(...page.lines);
      }
      if (alive) setLines(all.slice(0, wanted));
    })().catch(() => alive && setLines([]));
    return () => {
      alive = false;
    };
  }, [body, first.count]);

  useEffect(() => {
    document.body.classList.add('fp-statement-printing');
    return () => document.body.classList.remove('fp-statement-printing');
  }, []);

  return createPortal(
    <div className="fp-statement-print-layer" data-testid="statement-print">
      <div className="fp-statement-print-bar">
        <span>打印预览（A4）</span>
        <Button intent={Intent.PRIMARY} icon="print" text="打印 / 另存为PDF" disabled={lines === null} onClick={() => window.print()} />
        <Button icon="cross" text="关闭" onClick={onClose} />
      </div>
      <article className="fp-statement-sheet">
        <h1>对账单</h1>
        <StatementSummary statement={first} generatedAt={generatedAt} />
        {lines === null ? (
          <Spinner size={30} />
        ) : (
          <>
            {first.count > lines.length ? (
              <Callout intent={Intent.WARNING} className="fp-statement-print-note">
                本对账单共{first.count}笔变动，打印视图列出前{lines.length}笔；完整明细请导出Excel。
              </Callout>
            ) : null}
            <table className="fp-statement-print-table">
              <thead>
                <tr>
                  <th colSpan={8} className="fp-statement-print-running">
                    {first.entName} · {first.channelName} · {first.from} 至 {first.to} · {first.statementNo}
                  </th>
                </tr>
                <tr>
                  <th>序号</th>
                  <th>时间</th>
                  <th>业务类型</th>
                  <th>业务编号</th>
                  <th>变动类型</th>
                  <th>变动金额(元)</th>
                  <th>变动后可用(元)</th>
                  <th>变动后锁定(元)</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => (
                  <tr key={i}>
                    <td>{i + 1}</td>
                    <td>{l.time}</td>
                    <td>{enumLabel(ENUMS.balanceBizType, l.bizType, '')}</td>
                    <td>{l.bizNo}</td>
                    <td>{enumLabel(ENUMS.balanceChange, l.type, '')}</td>
                    <td className="fp-money">{formatMoney(l.amount)}</td>
                    <td className="fp-money">{formatMoney(l.availableAfter)}</td>
                    <td className="fp-money">{formatMoney(l.lockedAfter)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="fp-statement-print-foot">本对账单由 FlexPay 依据账本逐笔核对生成：期初余额＋本期变动＝期末余额，代发金额、服务费与代发明细、计费记录一致。</p>
          </>
        )}
      </article>
    </div>,
    document.body,
  );
}
