import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Button, Callout, Card, H1, H4, Icon, Intent, NonIdealState, Spinner, Tag, type IconName } from '@blueprintjs/core';
import {
  type DashboardAccountCard,
  type DashboardChannelHealth,
  type DashboardMerchantMonth,
  type AccountType,
  displayName,
  ENUMS,
  enumLabel,
  mayOpen,
  menuLink,
  navigate,
  orderProgress$,
  organisationName,
  payOrder,
  request,
  StatusTag,
  useSession,
  visibleMenu,
  type MenuViewer,
  type RouteDef,
} from '@flexpay/shared-utility';
import {
  ACCOUNT_TYPE_LABEL,
  ENT_TODOS,
  formatCount,
  formatMoney,
  greeting,
  liveRefreshes,
  QUEUE_TODOS,
  readSummary,
  readTodos,
  readTrend,
  type DashboardSummary,
  type ShownStat,
  type ShownTodoGroup,
} from './summary';
import { GuideCard } from '../guide/guide-card';
import { TrendChart, type TrendSeries } from './trend-chart';
import './dashboard-page.css';

type Load = { state: 'loading' } | { state: 'ready'; data: DashboardSummary } | { state: 'failed' };

function go(path: string) {
  return (event: MouseEvent) => {
    event.preventDefault();
    navigate(path);
  };
}

function StatCard({ stat, viewer }: { stat: ShownStat; viewer: MenuViewer }) {
  const link = stat.link && mayOpen(stat.link, viewer) ? stat.link : undefined;
  const body = (
    <>
      <div className="fp-dash__stat-label">{stat.label}</div>
      <div className="fp-dash__stat-value">
        {stat.kind === 'money' ? <span className="fp-dash__stat-currency">¥</span> : null}
        {stat.text}
        {stat.kind === 'money' ? null : <span className="fp-dash__stat-unit">{stat.unit}</span>}
      </div>
    </>
  );
  return (
    <Card
      className="fp-dash__stat"
      data-testid={`stat-${stat.key}`}
      interactive={Boolean(link)}
    >
      {link ? (
        <a href={link} onClick={go(link)} className="fp-dash__stat-link" aria-label={`${stat.label} ${stat.kind === 'money' ? '¥' : ''}${stat.text}${stat.kind === 'money' ? '' : stat.unit}`}>
          {body}
        </a>
      ) : (
        body
      )}
    </Card>
  );
}

/** A link inside the suite when the viewer may open its route (the query string is the list's filter). */
function linkFor(path: string, viewer: MenuViewer): string | undefined {
  return mayOpen(path.split('?')[0], viewer) ? path : undefined;
}

function Money({ value, className }: { value: unknown; className?: string }) {
  const text = formatMoney(value, { yuan: true });
  return <span className={`fp-dash__money${className ? ` ${className}` : ''}`}>{text ?? '—'}</span>;
}

/** To-do tiles: each group's total and its parts, each part opening its list filtered to those rows. */
function TodoTiles({ groups, viewer, testId }: { groups: ShownTodoGroup[]; viewer: MenuViewer; testId: string }) {
  return (
    <div className="fp-dash__grid fp-dash__grid--todos" data-testid={testId}>
      {groups.map((group) => (
        <Card key={group.key} className={`fp-dash__todo${group.total > 0 ? ' fp-dash__todo--due' : ''}`} data-testid={`todo-${group.key}`}>
          <div className="fp-dash__stat-label">{group.title}</div>
          <div className="fp-dash__stat-value" data-testid={`todo-${group.key}-total`}>
            {group.total}
            <span className="fp-dash__stat-unit">{group.unit}</span>
          </div>
          <div className="fp-dash__todo-parts">
            {group.parts.map((part) => {
              const link = linkFor(part.link, viewer);
              const body = (
                <>
                  <StatusTag tone={part.count > 0 ? part.tone : 'none'}>{part.label}</StatusTag>
                  <span className="fp-dash__todo-count">{part.count}</span>
                </>
              );
              return link ? (
                <a key={part.key} href={link} onClick={go(link)} className="fp-dash__todo-part" data-testid={`todo-part-${part.key}`} aria-label={`${group.title} ${part.label} ${part.count}${group.unit}`}>
                  {body}
                </a>
              ) : (
                <span key={part.key} className="fp-dash__todo-part" data-testid={`todo-part-${part.key}`}>
                  {body}
                </span>
              );
            })}
          </div>
        </Card>
      ))}
    </div>
  );
}

const isAccount = (value: unknown): value is DashboardAccountCard => typeof value === 'object' && value !== null && typeof (value as DashboardAccountCard).channel === 'number';

/** An enterprise's balance per payment channel with its two main actions. */
function AccountCards({ accounts, viewer }: { accounts: DashboardAccountCard[]; viewer: MenuViewer }) {
  const recharge = viewer.codes.has(18620) ? linkFor('/ent/addBal', viewer) : undefined;
  const upload = viewer.codes.has(25020) ? linkFor('/order/prodOrder', viewer) : undefined;
  if (accounts.length === 0) return <p className="fp-dash__muted">尚未开通支付通道账户</p>;
  return (
    <div className="fp-dash__grid fp-dash__grid--accounts">
      {accounts.map((account) => (
        <Card key={account.channel} className="fp-dash__account" data-testid={`account-${account.channel}`}>
          <div className="fp-dash__account-head">
            <span className="fp-dash__account-name">{enumLabel(ENUMS.payChannel, account.channel, `通道${account.channel}`)}</span>
            {account.status === 0 ? null : <StatusTag tone="none">停用</StatusTag>}
          </div>
          <div className="fp-dash__stat-label">可用余额</div>
          <div className="fp-dash__account-available" data-testid={`account-${account.channel}-available`}>
            <Money value={account.available} />
          </div>
          <dl className="fp-dash__account-figures">
            <dt>锁定</dt>
            <dd data-testid={`account-${account.channel}-locked`}>
              <Money value={account.locked} />
            </dd>
            <dt>透支额度</dt>
            <dd data-testid={`account-${account.channel}-overdraft`}>{account.allowOverdraft ? <Money value={account.overdraftLimit} /> : <span className="fp-dash__muted">未开通</span>}</dd>
          </dl>
          {recharge || upload ? (
            <div className="fp-dash__account-actions">
              {recharge ? <Button small intent={Intent.PRIMARY} icon="add" text="充值" onClick={() => navigate(recharge)} /> : null}
              {upload ? <Button small icon="upload" text="上传制单" onClick={() => navigate(upload)} /> : null}
            </div>
          ) : null}
        </Card>
      ))}
    </div>
  );
}

const isDashboardChannelHealth = (value: unknown): value is DashboardChannelHealth => typeof value === 'object' && value !== null && typeof (value as DashboardChannelHealth).channel === 'number';

/** Today's lines per payment channel (SYS, SPR): paid and failed, counts and money. */
function ChannelHealthTable({ rows }: { rows: DashboardChannelHealth[] }) {
  if (rows.length === 0) return <p className="fp-dash__muted" data-testid="channel-health">今日暂无代发</p>;
  return (
    <table className="fp-dash__table" data-testid="channel-health">
      <thead>
        <tr>
          <th>通道</th>
          <th>状态</th>
          <th className="fp-dash__num">订单</th>
          <th className="fp-dash__num">成功笔数</th>
          <th className="fp-dash__num">成功金额</th>
          <th className="fp-dash__num">失败笔数</th>
          <th className="fp-dash__num">失败金额</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.channel} data-testid={`channel-${row.channel}`}>
            <td>{enumLabel(ENUMS.payChannel, row.channel, `通道${row.channel}`)}</td>
            <td>
              {row.failCount > 0 ? (
                <StatusTag tone="danger">有失败</StatusTag>
              ) : row.successCount > 0 ? (
                <StatusTag tone="success">正常</StatusTag>
              ) : (
                <StatusTag tone="primary">处理中</StatusTag>
              )}
            </td>
            <td className="fp-dash__num">{formatCount(row.orderCount)}</td>
            <td className="fp-dash__num">{formatCount(row.successCount)}</td>
            <td className="fp-dash__num">
              <Money value={row.successAmount} />
            </td>
            <td className={`fp-dash__num${row.failCount > 0 ? ' fp-dash__fail' : ''}`}>{formatCount(row.failCount)}</td>
            <td className={`fp-dash__num${row.failCount > 0 ? ' fp-dash__fail' : ''}`}>
              <Money value={row.failAmount} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const isDashboardMerchantMonth = (value: unknown): value is DashboardMerchantMonth =>
  typeof value === 'object' && value !== null && typeof (value as DashboardMerchantMonth).profit === 'string' && Array.isArray((value as DashboardMerchantMonth).subs);

function MerchantFigures({ month, paid }: { month: DashboardMerchantMonth; paid: unknown }) {
  return (
    <div className="fp-dash__grid">
      <Card className="fp-dash__stat" data-testid="merchant-volume">
        <div className="fp-dash__stat-label">本月企业代发（含子商户）</div>
        <div className="fp-dash__stat-value">
          <Money value={paid} />
        </div>
      </Card>
      <Card className="fp-dash__stat" data-testid="merchant-own">
        <div className="fp-dash__stat-label">本月直属企业代发 · {month.ownCount} 笔</div>
        <div className="fp-dash__stat-value">
          <Money value={month.ownAmount} />
        </div>
      </Card>
      <Card className="fp-dash__stat fp-dash__stat--profit" data-testid="merchant-profit">
        <div className="fp-dash__stat-label">本月分润</div>
        <div className="fp-dash__stat-value">
          <Money value={month.profit} />
        </div>
      </Card>
    </div>
  );
}

function SubMerchantTable({ subs }: { subs: DashboardMerchantMonth['subs'] }) {
  if (subs.length === 0) return <p className="fp-dash__muted" data-testid="merchant-subs">暂无子商户</p>;
  return (
    <table className="fp-dash__table" data-testid="merchant-subs">
      <thead>
        <tr>
          <th>子商户</th>
          <th className="fp-dash__num">本月订单</th>
          <th className="fp-dash__num">本月代发金额</th>
        </tr>
      </thead>
      <tbody>
        {subs.map((sub) => (
          <tr key={sub.id}>
            <td>{sub.name}</td>
            <td className="fp-dash__num">{formatCount(sub.count)}</td>
            <td className="fp-dash__num">
              <Money value={sub.amount} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const TREND_COLORS = { amount: '#26499d', fee: '#e6a23c' };

function Trend({ data, title, withFee }: { data: DashboardSummary; title: string; withFee: boolean }) {
  const trend = useMemo(() => readTrend(data), [data]);
  const series = useMemo<TrendSeries[]>(
    () => [
      { name: '代发金额', data: trend.amounts, kind: 'bar', color: TREND_COLORS.amount },
      ...(withFee ? [{ name: '服务费', data: trend.fees, kind: 'line' as const, color: TREND_COLORS.fee }] : []),
    ],
    [trend, withFee],
  );
  return (
    <Card className="fp-dash__panel">
      <H4 className="fp-dash__panel-title">{title}</H4>
      {trend.dates.length > 0 ? <TrendChart dates={trend.dates} series={series} testId="dashboard-trend" /> : <p className="fp-dash__muted">暂无数据</p>}
    </Card>
  );
}

/** The figures of the caller's account type (issue 22 item 11). */
function TypeSections({ type, data, viewer }: { type: AccountType; data: DashboardSummary; viewer: MenuViewer }) {
  const view = readSummary(data);
  const todos = readTodos(data, type === 'ENT' ? ENT_TODOS : QUEUE_TODOS);
  const todoSection = (title: string) =>
    todos.groups.length > 0 ? (
      <section className="fp-dash__section" aria-labelledby="fp-dash-todos">
        <H4 id="fp-dash-todos">
          {title}
          <Tag round intent={todos.total > 0 ? Intent.DANGER : Intent.NONE} className="fp-dash__badge" data-testid="pending-total">
            {todos.total}
          </Tag>
        </H4>
        <TodoTiles groups={todos.groups} viewer={viewer} testId="dashboard-todos" />
      </section>
    ) : null;
  const month = view.month.length > 0 ? (
    <div className="fp-dash__grid fp-dash__grid--month">
      {view.month.map((stat) => (
        <StatCard key={stat.key} stat={stat} viewer={viewer} />
      ))}
    </div>
  ) : null;

  if (type === 'ENT') {
    const accounts = Array.isArray(data.accounts) ? data.accounts.filter(isAccount) : [];
    return (
      <>
        <section className="fp-dash__section" aria-labelledby="fp-dash-accounts">
          <H4 id="fp-dash-accounts">账户余额</H4>
          <AccountCards accounts={accounts} viewer={viewer} />
        </section>
        {todoSection('待办事项')}
        <section className="fp-dash__section fp-dash__split" aria-label="本月代发与趋势">
          <div className="fp-dash__split-side">
            <H4>本月</H4>
            {month}
          </div>
          <Trend data={data} title="近30天代发趋势" withFee />
        </section>
      </>
    );
  }
  if (type === 'MER') {
    const merchant = isDashboardMerchantMonth(data.merchant) ? data.merchant : null;
    return (
      <>
        {merchant ? (
          <section className="fp-dash__section" aria-labelledby="fp-dash-merchant">
            <H4 id="fp-dash-merchant">本月业绩</H4>
            <MerchantFigures month={merchant} paid={data.monthPaidAmount} />
          </section>
        ) : null}
        <section className="fp-dash__section fp-dash__split" aria-label="子商户与趋势">
          <Card className="fp-dash__panel fp-dash__split-side">
            <H4 className="fp-dash__panel-title">子商户本月代发</H4>
            <SubMerchantTable subs={merchant?.subs ?? []} />
          </Card>
          <Trend data={data} title="近30天代发趋势" withFee={false} />
        </section>
      </>
    );
  }
  const health = Array.isArray(data.channelHealth) ? data.channelHealth.filter(isDashboardChannelHealth) : [];
  return (
    <>
      {todoSection('审批队列')}
      <section className="fp-dash__section fp-dash__split fp-dash__split--wide" aria-label="通道情况与趋势">
        <Card className="fp-dash__panel fp-dash__split-side">
          <H4 className="fp-dash__panel-title">今日通道情况</H4>
          <ChannelHealthTable rows={health} />
          {month}
        </Card>
        <Trend data={data} title="近30天代发与服务费趋势" withFee />
      </section>
    </>
  );
}

/** The first menu entries the viewer may open, each with its menu group's icon. */
function quickLinks(viewer: MenuViewer): Array<RouteDef & { groupIcon?: string }> {
  const leaves: Array<RouteDef & { groupIcon?: string }> = [];
  const walk = (nodes: RouteDef[], groupIcon?: string) => {
    for (const node of nodes) {
      if (node.children) walk(node.children, node.icon ?? groupIcon);
      else if (node.app && !node.external) leaves.push({ ...node, groupIcon: node.icon ?? groupIcon });
    }
  };
  walk(visibleMenu(viewer));
  return leaves.filter((route) => route.path !== '/dashboard').slice(0, 8);
}

/**
 * /dashboard 首页: greeting and the caller's organisation figures from dashboard/summary. While orders
 * are processed (the progress stream of the orders the caller may see) the figures reload in place.
 */
export function DashboardPage() {
  const user = useSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [progressed, setProgressed] = useState(0);

  // The first ask leaves as the page starts rendering, not after its first paint: sign-in waits for these figures.
  const [firstAsk] = useState(() => {
    const ask = request<DashboardSummary>('dashboard/summary', {});
    // Its failure is shown by the effect below; until that subscribes it is not an unhandled rejection.
    ask.catch(() => undefined);
    return ask;
  });
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    (attempt === 0 ? firstAsk : request<DashboardSummary>('dashboard/summary', {}))
      .then((data) => live && setLoad({ state: 'ready', data }))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [attempt, firstAsk]);

  const viewer: MenuViewer = useMemo(
    () => ({ accountType: user?.accountType ?? null, codes: new Set(user?.permCodes ?? []) }),
    [user],
  );

  const watchesOrders = viewer.codes.has(payOrder.codes.query);
  useEffect(() => {
    if (!watchesOrders) return undefined;
    const subscription = liveRefreshes(orderProgress$()).subscribe(() => setProgressed((n) => n + 1));
    return () => subscription.unsubscribe();
  }, [watchesOrders]);

  // A reload after progress keeps the figures on screen (no spinner) and keeps them if it fails; a
  // slow answer still shows unless a later reload has answered first.
  const shownReload = useRef(0);
  useEffect(() => {
    if (progressed === 0) return;
    request<DashboardSummary>('dashboard/summary', {}, { silent: true }).then(
      (data) => {
        if (progressed <= shownReload.current) return;
        shownReload.current = progressed;
        setLoad({ state: 'ready', data });
      },
      () => undefined,
    );
  }, [progressed]);
  const view = useMemo(() => readSummary(load.state === 'ready' ? load.data : null), [load]);
  const links = useMemo(() => quickLinks(viewer), [viewer]);
  const now = new Date();
  const today = now.toLocaleDateString('zh-CN', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' });

  return (
    <div className="fp-dash" data-testid="dashboard">
      <H1 className="fp-dash__heading">首页</H1>
      <GuideCard path="/dashboard" />

      <Card className="fp-dash__welcome" elevation={1}>
        <div>
          <div className="fp-dash__greeting" data-testid="dashboard-greeting">
            {greeting(now.getHours())}，{user ? displayName(user) : '欢迎使用'}
          </div>
          <div className="fp-dash__org">
            {user ? (
              <>
                <Icon icon="office" size={14} />
                <span data-testid="dashboard-organisation">{organisationName(user)}</span>
                <Tag minimal intent={Intent.PRIMARY}>
                  {ACCOUNT_TYPE_LABEL[user.accountType]}
                </Tag>
                {user.isTopAdmin === 1 ? <Tag minimal>顶级管理员</Tag> : null}
              </>
            ) : null}
          </div>
        </div>
        <div className="fp-dash__date">{today}</div>
      </Card>

      {load.state === 'loading' ? (
        <div className="fp-dash__loading">
          <Spinner size={32} />
          <span>正在加载概览数据...</span>
        </div>
      ) : null}

      {load.state === 'failed' ? (
        <Callout intent={Intent.WARNING} title="概览数据加载失败" className="fp-dash__section">
          <p>暂时无法获取概览数据，请稍后重试。</p>
          <Button icon="refresh" text="重新加载" onClick={() => setAttempt((n) => n + 1)} />
        </Callout>
      ) : null}

      {load.state === 'ready' ? (
        <>
          {user ? <TypeSections type={user.accountType} data={load.data} viewer={viewer} /> : null}

          <section className="fp-dash__section" aria-labelledby="fp-dash-overview">
            <H4 id="fp-dash-overview">业务概览</H4>
            {view.overview.length > 0 ? (
              <div className="fp-dash__grid">
                {view.overview.map((stat) => (
                  <StatCard key={stat.key} stat={stat} viewer={viewer} />
                ))}
              </div>
            ) : (
              <NonIdealState icon="timeline-bar-chart" title="暂无统计数据" className="fp-dash__empty" />
            )}
          </section>
        </>
      ) : null}

      {links.length > 0 ? (
        <section className="fp-dash__section" aria-labelledby="fp-dash-links">
          <H4 id="fp-dash-links">常用功能</H4>
          <div className="fp-dash__links">
            {links.map((route) => (
              <a key={route.path} href={menuLink(route)} onClick={go(menuLink(route))} className="fp-dash__quick">
                <Icon icon={(route.groupIcon as IconName | undefined) ?? 'arrow-right'} size={14} />
                {route.title}
              </a>
            ))}
            <a href="/help" onClick={go('/help')} className="fp-dash__quick">
              <Icon icon="help" size={14} />
              帮助中心
            </a>
          </div>
        </section>
      ) : null}
    </div>
  );
}
