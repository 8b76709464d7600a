import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Button, Callout, Card, H1, H4, Icon, Intent, NonIdealState, Spinner, Tag, type IconName } from '@blueprintjs/core';
import {
  displayName,
  mayOpen,
  menuLink,
  navigate,
  orderProgress$,
  organisationName,
  payOrder,
  request,
  useSession,
  visibleMenu,
  type MenuViewer,
  type RouteDef,
} from '@flexpay/shared-utility';
import { ACCOUNT_TYPE_LABEL, greeting, liveRefreshes, readSummary, type DashboardSummary, type ShownStat } from './summary';
import './dashboard-page.css';

type Load = { state: 'loading' } | { state: 'ready'; data: DashboardSummary } | { state: 'failed' };

function go(path: string) {
  return (event: MouseEvent) => {
    event.preventDefault();
    navigate(path);
  };
}

function StatCard({ stat, viewer, accent }: { stat: ShownStat; viewer: MenuViewer; accent?: boolean }) {
  const link = stat.link && mayOpen(stat.link, viewer) ? stat.link : undefined;
  const body = (
    <>
      <div className="fp-dash__stat-label">{stat.label}</div>
      <div className="fp-dash__stat-value">
        {stat.kind === 'money' ? <span className="fp-dash__stat-currency">¥</span> : null}
        {stat.text}
        <span className="fp-dash__stat-unit">{stat.unit}</span>
      </div>
    </>
  );
  return (
    <Card
      className={`fp-dash__stat${accent ? ' fp-dash__stat--accent' : ''}`}
      data-testid={`stat-${stat.key}`}
      interactive={Boolean(link)}
    >
      {link ? (
        <a href={link} onClick={go(link)} className="fp-dash__stat-link" aria-label={`${stat.label} ${stat.text}${stat.unit}`}>
          {body}
        </a>
      ) : (
        body
      )}
    </Card>
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

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    request<DashboardSummary>('dashboard/summary', {})
      .then((data) => live && setLoad({ state: 'ready', data }))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [attempt]);

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
          {view.pendingTotal !== null || view.pending.length > 0 ? (
            <section className="fp-dash__section" aria-labelledby="fp-dash-pending">
              <H4 id="fp-dash-pending">
                待办事项
                {view.pendingTotal !== null ? (
                  <Tag round intent={view.pendingTotal > 0 ? Intent.DANGER : Intent.NONE} className="fp-dash__badge" data-testid="pending-total">
                    {view.pendingTotal}
                  </Tag>
                ) : null}
              </H4>
              {view.pending.length > 0 ? (
                <div className="fp-dash__grid">
                  {view.pending.map((stat) => (
                    <StatCard key={stat.key} stat={stat} viewer={viewer} accent />
                  ))}
                </div>
              ) : (
                <p className="fp-dash__muted">{view.pendingTotal ? `共 ${view.pendingTotal} 项待审核` : '暂无待审核事项'}</p>
              )}
            </section>
          ) : null}

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
