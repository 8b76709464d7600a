/**
 * /ops/apps 应用版本 (SYS): every micro-app of import-map.json — live URL, content hash, deploy time and
 * who, gzip size, whether its file answers — with 检查 (load it in an isolated frame), its history and
 * 回滚 to an earlier version still on the server. The writes are the deploy scripts' own (server side).
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Drawer, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { request, showSuccess } from '@flexpay/shared-utility';
import { checkModule, type CheckResult } from './check-module';
import './apps.css';

export interface AppRow {
  app: string;
  specifier: string;
  url: string;
  hash: string | null;
  size: number | null;
  gzipSize: number | null;
  onDisk: boolean;
  deployedAt: string | null;
  deployedBy: string;
  action: 'deploy' | 'rollback' | 'build';
  previousUrl: string | null;
}

export interface VersionRow {
  url: string;
  hash: string | null;
  gzipSize: number | null;
  onDisk: boolean;
  current: boolean;
  deployedAt: string | null;
  deployedBy: string;
  action: 'deploy' | 'rollback' | 'build';
}

interface HistoryAnswer {
  app: string;
  specifier: string;
  current: string;
  versions: VersionRow[];
  entries: Array<{ action: 'deploy' | 'rollback'; from: string | null; to: string; at: string | null; by: string }>;
}

const ACTION_LABEL = { deploy: '发布', rollback: '回滚', build: '构建' } as const;

/** The release folder `npm run deploy` names by content hash, when the URL has one. */
const hashInUrl = (url: string) => /\/([0-9a-f]{12})\/[^/]+$/.exec(url)?.[1] ?? null;

export function formatSize(bytes: number | null): string {
  if (bytes === null) return '-';
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

function Answers({ onDisk }: { onDisk: boolean }) {
  return onDisk ? (
    <Tag intent={Intent.SUCCESS} minimal>
      可访问
    </Tag>
  ) : (
    <Tag intent={Intent.DANGER} data-testid="file-missing">
      文件缺失
    </Tag>
  );
}

function CheckOutcome({ result }: { result: CheckResult | 'running' | undefined }) {
  if (result === undefined) return null;
  if (result === 'running')
    return (
      <span className="fp-ops-check" data-testid="check-result">
        <Spinner size={14} /> 正在隔离加载…
      </span>
    );
  return (
    <span className={`fp-ops-check ${result.ok ? 'fp-ops-check--ok' : 'fp-ops-check--failed'}`} data-testid="check-result">
      {result.message}
    </span>
  );
}

/** 确认回滚: both versions side by side before anything changes. */
function RollbackDialog({ row, target, onClose, onDone }: { row: AppRow; target: VersionRow | { url: string; hash: string | null; deployedAt: string | null }; onClose: () => void; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await request('ops/mgr/apps/rollback', { app: row.app, url: target.url });
      showSuccess('回滚成功，打开的页面刷新后生效');
      onDone();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title="确认回滚" onClose={onClose} className="fp-ops-dialog">
      <DialogBody>
        <p>
          将 <b>{row.specifier}</b> 回滚到以下版本，所有打开的页面刷新后生效：
        </p>
        <HTMLTable compact className="fp-ops-compare">
          <tbody>
            <tr>
              <th>当前版本</th>
              <td className="fp-ops-url" data-testid="rollback-from">{row.url}</td>
              <td>{row.hash ?? '-'}</td>
              <td>{row.deployedAt ?? '-'}</td>
            </tr>
            <tr>
              <th>回滚到</th>
              <td className="fp-ops-url" data-testid="rollback-to">{target.url}</td>
              <td>{target.hash ?? '-'}</td>
              <td>{target.deployedAt ?? '-'}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button intent={Intent.DANGER} text="确认回滚" loading={busy} onClick={confirm} />
          </>
        }
      />
    </Dialog>
  );
}

function HistoryDrawer({ row, onClose, onRollback, checks, onCheck }: {
  row: AppRow;
  onClose: () => void;
  onRollback: (target: VersionRow) => void;
  checks: Record<string, CheckResult | 'running'>;
  onCheck: (url: string) => void;
}) {
  const [history, setHistory] = useState<HistoryAnswer | null | 'failed'>(null);
  useEffect(() => {
    let alive = true;
    request<HistoryAnswer>('ops/query/apps/history', { app: row.app }).then(
      (data) => alive && setHistory(data),
      () => alive && setHistory('failed'),
    );
    return () => {
      alive = false;
    };
  }, [row]);
  let body;
  if (history === null) body = <Spinner />;
  else if (history === 'failed') body = <NonIdealState icon="error" title="发布记录读取失败" />;
  else
    body = (
      <>
        <HTMLTable compact striped className="fp-ops-table" data-testid="version-table">
          <thead>
            <tr>
              <th>版本地址</th>
              <th>内容哈希</th>
              <th>发布时间</th>
              <th>发布人</th>
              <th>大小(gzip)</th>
              <th>状态</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {history.versions.map((version) => (
              <tr key={version.url} data-testid="version-row" className={version.onDisk ? undefined : 'fp-ops-row--missing'}>
                <td className="fp-ops-cell-url">
                  <span className="fp-ops-url">{version.url}</span>
                  <CheckOutcome result={checks[version.url]} />
                </td>
                <td className="fp-ops-mono">{version.hash ?? '-'}</td>
                <td className="fp-ops-nowrap">{version.deployedAt ?? '初始版本'}</td>
                <td>{version.deployedBy}</td>
                <td className="fp-ops-nowrap">{formatSize(version.gzipSize)}</td>
                <td>
                  {version.current ? (
                    <Tag intent={Intent.PRIMARY}>当前版本</Tag>
                  ) : (
                    <Answers onDisk={version.onDisk} />
                  )}
                </td>
                <td className="fp-ops-actions">
                  <div className="fp-ops-stack">
                    <Button small minimal intent={Intent.PRIMARY} text="检查" loading={checks[version.url] === 'running'} onClick={() => onCheck(version.url)} />
                    {!version.current && (
                      <Button
                        small
                        minimal
                        intent={Intent.DANGER}
                        text="回滚到此版本"
                        disabled={!version.onDisk}
                        title={version.onDisk ? undefined : '该版本的文件已不在服务器上，不能回滚'}
                        onClick={() => onRollback(version)}
                      />
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <h5 className={`${Classes.HEADING} fp-ops-subtitle`}>发布记录</h5>
        {history.entries.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>暂无发布记录（当前版本来自构建）</p>
        ) : (
          <HTMLTable compact className="fp-ops-table" data-testid="entry-table">
            <thead>
              <tr>
                <th>时间</th>
                <th>操作</th>
                <th>原版本</th>
                <th>新版本</th>
                <th>操作人</th>
              </tr>
            </thead>
            <tbody>
              {history.entries.map((entry, i) => (
                <tr key={i}>
                  <td className="fp-ops-nowrap">{entry.at ?? '-'}</td>
                  <td className="fp-ops-nowrap">{ACTION_LABEL[entry.action]}</td>
                  <td className="fp-ops-url">{entry.from ?? '-'}</td>
                  <td className="fp-ops-url">{entry.to}</td>
                  <td className="fp-ops-nowrap">{entry.by}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </>
    );
  return (
    <Drawer isOpen title={`历史版本 - ${row.specifier}`} size={900} onClose={onClose}>
      <div className={`${Classes.DRAWER_BODY} fp-ops-drawer`} data-testid="history-drawer">
        {body}
      </div>
    </Drawer>
  );
}

export function OpsAppsPage() {
  const [rows, setRows] = useState<AppRow[] | null | 'failed'>(null);
  const [checks, setChecks] = useState<Record<string, CheckResult | 'running'>>({});
  const [historyOf, setHistoryOf] = useState<AppRow | null>(null);
  const [rollback, setRollback] = useState<{ row: AppRow; target: VersionRow | { url: string; hash: string | null; deployedAt: string | null } } | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(() => {
    request<{ records: AppRow[] }>('ops/query/apps/list').then(
      (data) => setRows(data.records),
      () => setRows('failed'),
    );
  }, []);
  useEffect(load, [load, version]);

  const check = (specifier: string, url: string) => {
    setChecks((all) => ({ ...all, [url]: 'running' }));
    void checkModule(specifier, url).then((result) => setChecks((all) => ({ ...all, [url]: result })));
  };

  let body;
  if (rows === null) body = <Spinner />;
  else if (rows === 'failed') body = <NonIdealState icon="lock" title="无权查看相关数据" />;
  else
    body = (
      <div className="fp-ops-scroll">
        <HTMLTable striped className="fp-ops-table" data-testid="apps-table">
          <thead>
            <tr>
              <th>应用</th>
              <th>当前地址</th>
              <th>内容哈希</th>
              <th>发布时间</th>
              <th>发布人</th>
              <th>大小(gzip)</th>
              <th>状态</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.specifier} data-testid={`app-row-${row.app}`} className={row.onDisk ? undefined : 'fp-ops-row--missing'}>
                <td className="fp-ops-app">
                  <b>{row.specifier}</b>
                </td>
                <td className="fp-ops-cell-url">
                  <span className="fp-ops-url">{row.url}</span>
                  <CheckOutcome result={checks[row.url]} />
                </td>
                <td className="fp-ops-mono">{row.hash ?? '-'}</td>
                <td className="fp-ops-nowrap">{row.deployedAt ?? '-'}</td>
                <td>
                  {row.deployedBy}
                  {row.action !== 'build' && <span className={Classes.TEXT_MUTED}>（{ACTION_LABEL[row.action]}）</span>}
                </td>
                <td className="fp-ops-nowrap">{formatSize(row.gzipSize)}</td>
                <td>
                  <Answers onDisk={row.onDisk} />
                </td>
                <td className="fp-ops-actions">
                  <Button small minimal intent={Intent.PRIMARY} text="检查" loading={checks[row.url] === 'running'} onClick={() => check(row.specifier, row.url)} />
                  <Button small minimal text="历史版本" onClick={() => setHistoryOf(row)} />
                  <Button
                    small
                    minimal
                    intent={Intent.DANGER}
                    text="回滚"
                    disabled={!row.previousUrl}
                    title={row.previousUrl ? `回滚到 ${row.previousUrl}` : '没有可回滚的发布记录'}
                    onClick={() => row.previousUrl && setRollback({ row, target: { url: row.previousUrl, hash: hashInUrl(row.previousUrl), deployedAt: null } })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );

  return (
    <div className="fp-ops" data-testid="ops-apps">
      <div className="fp-ops-head">
        <Callout intent={Intent.PRIMARY} icon="info-sign" className="fp-ops-note">
          发布与回滚只改写导入映射（import-map.json），服务无需重启；已打开的页面会提示「应用已更新，刷新后生效」。命令行同样可用：npm run deploy -- &lt;应用&gt; / npm run rollback -- &lt;应用&gt;。
        </Callout>
        <Button icon="refresh" text="刷新列表" onClick={() => setVersion((n) => n + 1)} />
      </div>
      {body}
      {historyOf && (
        <HistoryDrawer
          key={`${historyOf.specifier}-${version}`}
          row={historyOf}
          checks={checks}
          onCheck={(url) => check(historyOf.specifier, url)}
          onClose={() => setHistoryOf(null)}
          onRollback={(target) => setRollback({ row: historyOf, target })}
        />
      )}
      {rollback && (
        <RollbackDialog
          row={rollback.row}
          target={rollback.target}
          onClose={() => setRollback(null)}
          onDone={() => {
            setRollback(null);
            setVersion((n) => n + 1);
            setRows(null);
            setHistoryOf(null);
          }}
        />
      )}
    </div>
  );
}
