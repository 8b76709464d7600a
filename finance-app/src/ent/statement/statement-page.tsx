import { Button, ButtonGroup, Callout, Card, FormGroup, H4, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { DataTable, download, Pagination, quickRange, request, useSession, type Column, type QuickRange, type Row } from '@flexpay/shared-utility';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { StatementPrint } from './statement-print';
import { StatementSummary } from './statement-summary';
import { bizLink, shanghaiToday, type Statement, type StatementLine, STATEMENT_PATH } from './statement-model';
import './statement.css';

interface Option {
  value: number;
  label: string;
}

const QUICK: ReadonlyArray<[QuickRange, string]> = [
  ['thisMonth', '本月'],
  ['lastMonth', '上月'],
  ['last30', '近30天'],
];

/**
 * /ent/statement 对账单: filters (enterprise, channel, range with 本月 / 上月 / 近30天, default 上月) in the
 * query string; the server's proven statement (head, opening, totals, closing) and its moves paged like
 * lists; a statement the server refuses is shown as its refusal only. 导出Excel through the export
 * token; 打印 opens the print view (A4, page numbers, repeated table head).
 */
export function StatementPage() {
  const user = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [ents, setEnts] = useState<Option[] | null>(null);
  const [channels, setChannels] = useState<Option[] | null>(null);
  const [answer, setAnswer] = useState<{ statement: Statement; at: number } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState(false);

  const today = shanghaiToday();
  const defaults = quickRange('lastMonth', today);
  const ownEnt = user?.entMO?.entId;
  const entId = Number(params.get('entId') ?? ownEnt ?? ents?.[0]?.value ?? NaN);
  const channel = Number(params.get('channel') ?? channels?.[0]?.value ?? NaN);
  const from = params.get('from') ?? defaults.from;
  const to = params.get('to') ?? defaults.to;
  const pageNum = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const pageSize = Math.max(1, Number(params.get('size') ?? 20) || 20);
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);

  useEffect(() => {
    let alive = true;
    request<Option[]>('ent/query/queryAllSimple', {}).then(
      (rows) => alive && setEnts((rows ?? []).map((r) => ({ value: Number(r.value), label: String(r.label) }))),
      () => alive && setEnts([]),
    );
    return () => {
      alive = false;
    };
  }, []);

  // The channels the enterprise has an account on (通道余额's list); all channels when that list is not
  // the caller's to read (a parent enterprise choosing a sub) or comes back empty.
  const entForChannels = Number(params.get('entId') ?? ownEnt ?? ents?.[0]?.value ?? NaN);
  useEffect(() => {
    if (!Number.isInteger(entForChannels)) return undefined;
    let alive = true;
    setChannels(null);
    const all = () => request<Option[]>('payChannel/querySimple', {}).then((rows) => (rows ?? []).map((r) => ({ value: Number(r.value), label: String(r.label) })));
    request<{ records?: Row[] }>('ent/query/payChannel/list', { cond: { entId: entForChannels }, page: { limit: 100, pageNum: 1 } }, { silent: true })
      .then((answer) => (answer?.records ?? []).map((r) => ({ value: Number(r.channel), label: String(r.channelName ?? r.channel) })))
      .catch(() => [] as Option[])
      .then((open) => (open.length > 0 ? open : all()))
      .then(
        (options) => alive && setChannels([...new Map(options.map((o) => [o.value, o])).values()].sort((a, b) => a.value - b.value)),
        () => alive && setChannels([]),
      );
    return () => {
      alive = false;
    };
  }, [entForChannels]);

  const body = useMemo(() => ({ entId, channel, from, to }), [entId, channel, from, to]);
  const ready = Number.isInteger(entId) && Number.isInteger(channel);

  const load = useCallback(async () => {
    if (!ready) return;
    setLoading(true);
    try {
      const statement = await request<Statement>(`${STATEMENT_PATH}/get`, { ...body, page: { limit: pageSize, pageNum } });
      setAnswer({ statement, at: Date.now() });
      setRefused(null);
    } catch (error) {
      setAnswer(null);
      setRefused((error as { message?: string })?.message ?? '对账单查询失败');
    } finally {
      setLoading(false);
    }
  }, [body, ready, pageNum, pageSize]);
  useEffect(() => void load(), [load]);

  const change = (next: Record<string, string | number | null>, keepPage = false) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) merged.delete(k);
      else merged.set(k, String(v));
    }
    if (!keepPage) merged.delete('page');
    if (!('entId' in next) && !merged.has('entId') && Number.isInteger(entId)) merged.set('entId', String(entId));
    if (!('channel' in next) && !merged.has('channel') && Number.isInteger(channel)) merged.set('channel', String(channel));
    setParams(merged);
  };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { token } = await request<{ token: string }>(`${STATEMENT_PATH}/genExportExcelToken`, body);
      await download(`${STATEMENT_PATH}/export`, { token }, { onProgress: () => undefined });
    } catch {
      // shown by the request layer
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<Row>[] = [
    { key: 'time', title: '时间', fit: true },
    { key: 'bizType', title: '业务类型', enum: 'balanceBizType' },
    {
      key: 'bizNo',
      title: '业务编号',
      fit: true,
      render: (row) => (
        <a role="link" data-testid="statement-biz-link" onClick={() => navigate(bizLink(row as unknown as StatementLine))}>
          {String(row.bizNo)}
        </a>
      ),
    },
    { key: 'type', title: '变动类型', enum: 'balanceChange' },
    { key: 'amount', title: '变动金额(元)', money: true },
    { key: 'availableAfter', title: '变动后可用(元)', money: true },
    { key: 'lockedAfter', title: '变动后锁定(元)', money: true },
  ];

  const statement = answer?.statement ?? null;
  let content;
  if (!ready || loading) content = ents !== null && channels !== null && !ready && !loading ? <NonIdealState icon="document" title="请选择企业和支付通道" /> : <Spinner />;
  else if (refused) content = <Callout intent={Intent.DANGER} icon="error" title="对账单未能出具" data-testid="statement-refused">{refused}</Callout>;
  else if (statement)
    content = (
      <>
        <StatementSummary statement={statement} generatedAt={answer!.at} />
        <Callout intent={Intent.SUCCESS} icon="endorsed" className="fp-statement-proof" data-testid="statement-proof">
          已与账本核对：期初余额＋本期变动＝期末余额，逐笔变动前后余额衔接{statement.to >= today ? '，期末余额等于账户当前余额' : ''}；代发金额、服务费与代发明细、计费记录一致。
        </Callout>
        <DataTable rows={statement.lines.map((l, i) => ({ ...l, _key: `${(pageNum - 1) * pageSize + i}` }))} columns={columns} rowKey="_key" />
        <Pagination total={statement.count} pageNum={pageNum} pageSize={pageSize} onChange={(p, size) => change({ page: p, size }, true)} />
      </>
    );

  return (
    <Card className="fp-kit-page fp-statement" data-testid="screen-statement">
      <div className="fp-statement-filters">
        <FormGroup label="企业" inline>
          <HTMLSelect aria-label="企业" value={Number.isInteger(entId) ? entId : ''} onChange={(e) => change({ entId: e.currentTarget.value, channel: null })}>
            {(ents ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="支付通道" inline>
          <HTMLSelect aria-label="支付通道" value={Number.isInteger(channel) ? channel : ''} onChange={(e) => change({ channel: e.currentTarget.value })}>
            {(channels ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="对账期间" inline>
          <div className="fp-statement-range">
            <InputGroup type="date" aria-label="开始日期" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
            <span>至</span>
            <InputGroup type="date" aria-label="结束日期" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
            <ButtonGroup className="fp-statement-quick">
              {QUICK.map(([pick, label]) => {
                const range = quickRange(pick, today);
                return <Button key={pick} text={label} active={range.from === from && range.to === to} onClick={() => change(range)} />;
              })}
            </ButtonGroup>
            <Button intent={Intent.PRIMARY} icon="search" text="查询" onClick={() => change({ from: draft.from, to: draft.to })} />
          </div>
        </FormGroup>
      </div>
      <div className="fp-statement-titlebar">
        <H4 className="fp-statement-title">对账单</H4>
        <div className="fp-statement-actions">
          <Button icon="export" intent={Intent.SUCCESS} text="导出Excel" loading={exporting} disabled={!statement} onClick={() => void exportXlsx()} />
          <Button icon="print" text="打印" disabled={!statement} onClick={() => setPrinting(true)} />
        </div>
      </div>
      {content}
      {printing && statement ? <StatementPrint request={body} first={statement} generatedAt={answer!.at} onClose={() => setPrinting(false)} /> : null}
    </Card>
  );
}
