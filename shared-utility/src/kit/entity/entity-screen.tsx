import { Button, ButtonGroup, Intent, Menu, MenuItem, Popover, ProgressBar, Tab, Tabs } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { download, request } from '../../api';
import { type CommandDef, commandAllows, commandText, entityByName, ENUMS, enumTone, type Tone } from '../../pure';
import { useSession, usePermissions } from '../../app';
import { confirmDialog, showSuccess } from '../../ui';
import { FilterDialog } from '../dialogs/filter-dialog';
import { LadderInput } from '../inputs/ladder-input';
import { formatMoney, type FeeLadderEntry } from '../format';
import { StatusTag } from '../table/status-tag';
import { FormDialog, FormDrawer } from '../form/form-dialog';
import type { CustomInputProps, Field, FormMode, Row } from '../screen';
import type { Entity } from '../../pure';
import { searchableBy } from '../../pure';
import { usePermitted } from '../permitted';
import { DataTable } from '../table/data-table';
import { DEFAULT_PAGE_SIZE, LARGE_SUMMARY_NOTE, scrollToTop, type TotalKind } from '../table/pager';
import { Pagination } from '../table/pagination';
import { SearchForm } from '../table/search-form';
import { TabPanel } from '../table/tab-panel';
import { DetailDialog, FieldsDialog, SubTableDrawer } from './action-dialogs';
import { ImportDialog, downloadSheetTemplate } from './import-dialog';
import { columnsOf, commandBody, commandCheck, commandFields, condOf, defaultsOf, formFieldsOf, rowCommands, searchFieldsOf, tabLabel, writableFields, type InputFactory } from './derive';
import { FileLink, fileInput, uploadChosenFiles } from './files';
import { AnswerOnceDialog, secretsIn } from './secret-once';
import { listedActions, type CustomAction, type DialogAction, type EntityScreen, type ExportAction, type FormAction, type ImportAction, type ListDrawerAction, type TableAction } from './define';
import { invalidateOptions, simplePath, type RefOption } from './options';
import { refInput } from './ref-select';
import { SavedSearches } from './saved-searches';
import { FilterChips } from './filter-chips';
import { MaskedValue, WHOLE_EXPORT_LABEL, wholeExportAllowed } from '../table/masked-value';
import { emptyListState, formatListState, parseListState, type ListState } from './url-state';

export interface EntityScreenViewProps {
  screen: EntityScreen;
  /** Keeps filters, page, sort and tab in the URL (screens of a route); sub-tables keep them locally. */
  urlState?: boolean;
  /** Conditions always sent, and the values a new record starts with (a sub-table's parent link). */
  link?: Row;
  /** Key of the screen's saved searches (its route). */
  savedKey?: string;
  /** False hides 新增: a sub-table whose parent takes no new children. */
  addable?: boolean;
}

type Open =
  | { kind: 'form'; action: FormAction; mode: FormMode; row?: Row }
  | { kind: 'detail'; row: Row }
  | { kind: 'fields'; title: string; fields: Field[]; note?: string; intent?: Intent; check?: (v: Row) => Record<string, string>; submit: (v: Row) => Promise<void> }
  | { kind: 'loaded'; action: DialogAction; row: Row }
  | { kind: 'table'; action: TableAction; row: Row }
  | { kind: 'custom'; action: CustomAction; row: Row }
  | { kind: 'listDrawer'; action: ListDrawerAction }
  | { kind: 'import'; action: ImportAction };

interface RowButton {
  key: string;
  label: string;
  intent?: Intent;
  run: () => void;
}

const INLINE_ROW_ACTIONS = 3;
/** A part of a split 合计 as the server sends it (api-server resource summaryOf). */
interface SummaryPart {
  label: string;
  excluded: boolean;
  tone: Tone;
  count: number;
  [field: string]: unknown;
}
const INTENTS: Record<NonNullable<CommandDef['intent']>, Intent> = { primary: Intent.PRIMARY, success: Intent.SUCCESS, warning: Intent.WARNING, danger: Intent.DANGER };

/** The kit's inputs for derived fields: ref fields draw a RefSelect, file fields an uploader, ladders their editor. */
const inputsOf =
  (entity: Entity): InputFactory =>
  (name, field) => {
    if (field.type === 'ref') return refInput(name, field);
    if (field.type === 'file') return fileInput(entity, name);
    if (field.type === 'ladder') return ladderInput;
    return undefined;
  };

/** An entity's derived form with the kit's inputs, for screens that add to it (a preview, an administrator). */
export function entityFormFields(entity: Entity): Field[] {
  return formFieldsOf(entity, inputsOf(entity));
}

function ladderInput({ id, value, onChange, readOnly }: CustomInputProps) {
  return <LadderInput id={id} value={value as FeeLadderEntry[] | null} onChange={onChange} readOnly={readOnly} />;
}

/** Filters, page, sort and tab: in the query string, or in component state. */
function useListState(urlBacked: boolean, rangeFields: string[], tabs?: EntityScreen['tabs']): [ListState, (next: ListState) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const [local, setLocal] = useState(() => emptyListState());
  const rangeKey = rangeFields.join(',');
  const fromUrl = useMemo(() => parseListState(location.search, rangeKey.split(',')), [location.search, rangeKey]);
  if (!urlBacked) return [local, setLocal];
  const inPath = tabs?.param ? (params[tabs.param] ?? '') : undefined;
  // A path value that is no tab (the menu's /cust/base) shows 全部.
  const routeTab = inPath === undefined ? undefined : tabs!.values.map(String).includes(inPath) ? inPath : '';
  const state = routeTab === undefined ? fromUrl : { ...fromUrl, tab: routeTab };
  const set = (next: ListState) => {
    if (inPath === undefined) return navigate({ pathname: location.pathname, search: formatListState(next) });
    // A route-parameter tab (/task/userPackage1/:reviewStatus?) lives in the path, the rest in the query.
    const base = inPath ? location.pathname.replace(/\/$/, '').slice(0, -(inPath.length + 1)) : location.pathname.replace(/\/$/, '');
    navigate({ pathname: next.tab ? `${base}/${next.tab}` : base, search: formatListState({ ...next, tab: '' }) });
  };
  return [state, set];
}

/** The value a route parameter preselects for a field (see ScreenOptions.params); undefined when none. */
async function paramValue(entity: Entity, field: string, param: string, value: string): Promise<unknown> {
  const declared = entity.fields[field];
  if (declared.type !== 'ref' || !declared.ref) return value;
  const target = entityByName(declared.ref);
  if (target.key === param) return value;
  const options = await request<RefOption[] | null>(simplePath(target), { cond: { [param]: value } }, { silent: true }).catch(() => null);
  return options?.length === 1 ? options[0].value : undefined;
}

/** Applies the route parameters' filters once per path; afterwards the search form owns them. */
function usePresetParams(screen: EntityScreen, urlBacked: boolean, state: ListState, setState: (next: ListState) => void): void {
  const params = useParams();
  const declared = Object.entries(screen.params ?? {});
  const pathKey = JSON.stringify(declared.map(([param]) => params[param] ?? ''));
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!urlBacked || applied.current === pathKey) return;
    applied.current = pathKey;
    const wanted = declared.filter(([param, field]) => params[param] && (state.filters[field] === undefined || state.filters[field] === ''));
    if (wanted.length === 0) return;
    void Promise.all(wanted.map(async ([param, field]) => [field, await paramValue(screen.entity, field, param, params[param]!)] as const)).then((found) => {
      const filters = Object.fromEntries(found.filter(([, v]) => v !== undefined).map(([f, v]) => [f, String(v)]));
      if (Object.keys(filters).length > 0) setState({ ...state, filters: { ...state.filters, ...filters } });
    });
  }, [pathKey]); // eslint-disable-line react-hooks/exhaustive-deps
}

interface ListAnswer {
  records: Row[];
  total: number;
  /** Set by the server above its exact-count cap (issue 13): the total is approximate and no summary comes. */
  totalKind?: TotalKind;
  summary?: Row;
  /** Rows per value of the status tabs' field over the filtered result (issue 22: 待审核 3). */
  tabCounts?: Record<string, number>;
}

function useList(path: string, body: Row, key: string): ListAnswer & { loading: boolean; reload: () => void; patch: (change: Row) => void } {
  const [answer, setAnswer] = useState<ListAnswer & { loading: boolean }>({ records: [], total: 0, loading: true });
  const [generation, setGeneration] = useState(0);
  const bodyKey = JSON.stringify(body);
  useEffect(() => {
    let alive = true;
    setAnswer((a) => ({ ...a, loading: true }));
    request<ListAnswer | null>(path, JSON.parse(bodyKey)).then(
      (data) => alive && setAnswer({ records: data?.records ?? [], total: data?.total ?? 0, totalKind: data?.totalKind, summary: data?.summary, tabCounts: data?.tabCounts, loading: false }),
      // The request layer showed the error; the previous rows stay.
      () => alive && setAnswer((a) => ({ ...a, loading: false })),
    );
    return () => {
      alive = false;
    };
  }, [path, bodyKey, generation]);
  // A live change (ScreenOptions.live) replaces the fields it names in the row with its key.
  const patch = useCallback(
    (change: Row) => setAnswer((a) => ({ ...a, records: a.records.map((r) => (r[key] === change[key] ? { ...r, ...change } : r)) })),
    [key],
  );
  return { ...answer, reload: useCallback(() => setGeneration((g) => g + 1), []), patch };
}

/**
 * A declared entity screen: status tabs, search form with saved searches and the filter dialog,
 * toolbar, grid with the row actions each row's `_actions` allows, summary and pagination.
 */
export function EntityScreenView({ screen, urlState = true, link, savedKey, addable = true }: EntityScreenViewProps) {
  const { entity } = screen;
  const permitted = usePermitted();
  const session = useSession();
  const held = usePermissions();
  const navigate = useNavigate();
  // A ref filter needs the referenced entity's options, which its query code guards (SPR has no 税源地 list).
  // A masked number (a field's searchCodes or `masked`, issues 21 and 22) is offered only to callers who may reveal it.
  const searchable = (n: string) =>
    (entity.fields[n].type !== 'ref' || permitted({ codes: [entityByName(entity.fields[n].ref!).codes.query] })) &&
    ((!entity.fields[n].searchCodes && !entity.fields[n].masked) || searchableBy(entity.fields[n], held ?? new Set<number>()));
  const searchNames = useMemo(() => (screen.search ?? []).filter(searchable), [screen.search, held]); // eslint-disable-line react-hooks/exhaustive-deps
  const dialogNames = useMemo(() => (screen.filterDialog ?? []).filter(searchable), [screen.filterDialog, held]); // eslint-disable-line react-hooks/exhaustive-deps
  const searchFields = useMemo(() => searchFieldsOf(entity, searchNames, inputsOf(entity)), [entity, searchNames]);
  const dialogFields = useMemo(() => searchFieldsOf(entity, dialogNames, inputsOf(entity)), [entity, dialogNames]);
  const rangeFields = [...searchNames, ...dialogNames].filter((n) => entity.fields[n].search === 'range');
  const [state, setState] = useListState(urlState, rangeFields, screen.tabs);
  usePresetParams(screen, urlState, state, setState);
  // A new record starts with what the route parameters preselected.
  const preset = condOf(entity, Object.fromEntries(Object.values(screen.params ?? {}).map((f) => [f, state.filters[f]])));
  const [draft, setDraft] = useState<Row>(state.filters);
  const filtersKey = JSON.stringify(state.filters);
  useEffect(() => setDraft(JSON.parse(filtersKey) as Row), [filtersKey]);
  const [open, setOpen] = useState<Open | null>(null);
  const [filtering, setFiltering] = useState(false);
  const [exporting, setExporting] = useState<number | null>(null);

  const hiddenLinks = Object.keys(link ?? {});
  const listedFor = (name: string) => {
    const types = (screen.listFor?.[name as never] ?? entity.fields[name]?.for) as readonly string[] | undefined;
    return !types || (session?.accountType !== undefined && types.includes(session.accountType));
  };
  const columns = useMemo(() => {
    const names = screen.list.filter((n) => !hiddenLinks.includes(n) && listedFor(n));
    return columnsOf(entity, names).map((c, i) => {
      const name = names[i];
      const file = entity.fields[name].type === 'file' ? { render: (row: Row) => <FileLink entity={entity} field={name} record={row} /> } : undefined;
      const masked = entity.fields[name].masked ? { render: (row: Row) => <MaskedValue entity={entity} row={row} field={name} /> } : undefined;
      const override = screen.columns?.[name as never] as { render?: (row: Row) => ReactNode; width?: number } | undefined;
      return { ...c, ...file, ...masked, ...override };
    });
  }, [entity, screen, hiddenLinks.join(), session?.accountType]); // eslint-disable-line react-hooks/exhaustive-deps
  const tabCond = screen.tabs && state.tab !== '' ? { [screen.tabs.by]: state.tab } : {};
  const cond = { ...condOf(entity, { ...state.filters, ...tabCond }), ...screen.cond, ...link };
  const body = {
    cond,
    page: { limit: state.limit || DEFAULT_PAGE_SIZE, pageNum: state.pageNum },
    ...(state.orderBy.length ? { orderBy: state.orderBy } : {}),
    // Status tabs show how many rows each holds (the server counts without the tab's own condition).
    ...(screen.tabs ? { countBy: screen.tabs.by } : {}),
  };
  const list = useList(screen.listPath ?? `${entity.paths.query}/list`, body, entity.key);
  const shownKeys = list.records.map((r) => String(r[entity.key])).join(',');
  useEffect(() => {
    const stream = screen.live?.(list.records);
    if (!stream) return;
    const subscription = stream.subscribe(list.patch);
    return () => subscription.unsubscribe();
  }, [shownKeys]); // eslint-disable-line react-hooks/exhaustive-deps

  const afterWrite = () => {
    list.reload();
    invalidateOptions(entity.name);
  };

  /** The server's verdict per row; lists without `_actions` (older routes) fall back to codes and the machine. */
  const rowAllows = (row: Row, needs: string | undefined): boolean => {
    if (!needs) return true;
    const listed = listedActions(row);
    if (listed) return listed.includes(needs);
    if (entity.commands?.[needs] || entity.machine?.transitions[needs]) return commandAllows(entity, needs, row, session?.accountType ?? null, held ?? new Set());
    return entity.codes.mgr === undefined || permitted({ codes: [entity.codes.mgr] });
  };

  /** A command (kit v3): its confirm, or its dialog of declared fields, posted to its route with the row's key. */
  const runTransition = (row: Row, name: string, t: CommandDef) => {
    const call = async (values: Row) => {
      const sent = commandBody(t.fields, await uploadChosenFiles(t, values));
      // Fixed values tell commands sharing an existing route apart (纸质签约's signStatus 20).
      const answer = await request<Row>(`${entity.paths.mgr}/${t.path ?? name}`, { [t.keyField ?? entity.key]: row[entity.key], ...t.body, ...sent }, { showLoading: true });
      showSuccess(commandText(t.success, answer ?? {}) ?? `${t.label}成功`);
      afterWrite();
    };
    const intent = t.intent ? INTENTS[t.intent] : Intent.PRIMARY;
    // Titled with the record it acts on, as the kit's other row dialogs (审核（PKG00012）).
    const named = row[entity.labelField];
    const title = t.title ? t.title(row) : named === undefined || named === null || named === '' ? t.label : `${t.label}（${String(named)}）`;
    const confirm = commandText(t.confirm, row);
    if (t.fields) return setOpen({ kind: 'fields', title, fields: commandFields(t.fields), note: confirm, intent, check: commandCheck(t.fields), submit: call });
    void (async () => {
      if (confirm && !(await confirmDialog({ title: '提示', text: confirm, confirmText: '确定', cancelText: '取消', intent }))) return;
      await call({}).catch(() => undefined);
    })();
  };

  const rowButtons = (row: Row): RowButton[] => {
    const buttons: RowButton[] = [];
    for (const action of screen.actions) {
      switch (action.kind) {
        case 'form':
          if (action.view !== false) buttons.push({ key: 'view', label: '查看', run: () => setOpen({ kind: 'form', action, mode: 'view', row }) });
          if (action.edit !== false && rowAllows(row, action.needs ?? 'update')) buttons.push({ key: 'edit', label: '编辑', run: () => setOpen({ kind: 'form', action, mode: 'edit', row }) });
          break;
        case 'detail':
          buttons.push({ key: 'detail', label: '详情', run: () => setOpen({ kind: 'detail', row }) });
          break;
        case 'transitions':
          for (const [name, t] of rowCommands(entity, action)) {
            if (rowAllows(row, name))
              buttons.push({ key: name, label: t.label, intent: t.intent ? INTENTS[t.intent] : undefined, run: () => runTransition(row, name, t) });
          }
          break;
        case 'dialog':
          if (action.scope !== 'toolbar' && rowAllows(row, action.needs))
            buttons.push({
              key: action.key,
              label: action.label,
              intent: action.intent,
              run: () =>
                action.load
                  ? setOpen({ kind: 'loaded', action, row })
                  : setOpen({
                      kind: 'fields',
                      title: dialogTitle(entity, action, row),
                      fields: action.fields,
                      check: action.check,
                      submit: async (values) => {
                        await request(action.path, dialogBody(entity, action, row, values), { showLoading: true });
                        showSuccess(action.success ?? '操作成功');
                        afterWrite();
                      },
                    }),
            });
          break;
        case 'remove':
          if (rowAllows(row, 'delete'))
            buttons.push({
              key: 'delete',
              label: action.label ?? '删除',
              intent: Intent.DANGER,
              run: () =>
                void (async () => {
                  if (!(await confirmDialog({ title: '提示', text: action.confirm ?? `确定要删除该${entity.title}吗？`, confirmText: '确定', cancelText: '取消', intent: Intent.DANGER }))) return;
                  await request(`${entity.paths.mgr}/${action.route ?? 'delete'}`, { [entity.key]: row[entity.key] }, { showLoading: true });
                  showSuccess(`${action.label ?? '删除'}成功`);
                  afterWrite();
                })().catch(() => undefined),
            });
          break;
        case 'table':
          if (rowAllows(row, action.needs) && (!action.when || action.when(row)))
            buttons.push({ key: action.key, label: action.label, run: () => setOpen({ kind: 'table', action, row }) });
          break;
        case 'link':
          if (permitted(action) && rowAllows(row, action.needs) && (!action.when || action.when(row)))
            buttons.push({ key: action.key, label: action.label, run: () => void Promise.resolve(action.to(row)).then((path) => navigate(path), () => undefined) });
          break;
        case 'download':
          if (permitted(action) && rowAllows(row, action.needs))
            buttons.push({ key: action.key, label: action.label, run: () => void download(action.path, action.query ? action.query(row) : { [entity.key]: row[entity.key] as string | number }).catch(() => undefined) });
          break;
        case 'custom':
          if (action.scope === 'row' && permitted(action) && rowAllows(row, action.needs) && (!action.when || action.when(row)))
            buttons.push({ key: action.key, label: action.label, run: () => setOpen({ kind: 'custom', action, row }) });
          break;
      }
    }
    return buttons;
  };

  const exportAll = async (extra?: Row, routes?: { token: string; file: string }) => {
    setExporting(0);
    try {
      const { token } = await request<{ token: string }>(routes?.token ?? `${entity.paths.query}/genExportExcelToken`, { cond, orderBy: state.orderBy, ...extra });
      await download(routes?.file ?? `${entity.paths.query}/export`, { token }, { onProgress: (loaded, total) => setExporting(total ? loaded / total : 0) });
    } catch {
      // shown by the request layer
    } finally {
      setExporting(null);
    }
  };

  const toolbar: ReactNode[] = [];
  const permittedExports = screen.actions.filter((a): a is ExportAction => a.kind === 'export' && permitted(a));
  // A holder of the reveal codes also gets the export with whole numbers, audited by the server (issue 22 item 6).
  const exports = permittedExports.flatMap((a) => (!a.routes && !a.key && wholeExportAllowed(entity, held) ? [a, { ...a, key: 'whole', label: WHOLE_EXPORT_LABEL, body: { ...a.body, whole: true } }] : [a]));
  for (const action of screen.actions) {
    if (action.kind === 'form' && action.create !== false && addable && permitted(action) && (entity.codes.mgr === undefined || permitted({ codes: [entity.codes.mgr] })))
      toolbar.push(<Button key="add" icon="plus" intent={Intent.PRIMARY} text="新增" onClick={() => setOpen({ kind: 'form', action, mode: 'add' })} />);
    // Exports are secondary (issue 22); several modes share one 导出 with a menu of all of them.
    if (action.kind === 'export' && permitted(action) && action === exports[0])
      toolbar.push(
        <ButtonGroup key="export">
          <Button icon="export" text={action.label ?? '导出'} loading={exporting !== null} disabled={list.total === 0} onClick={() => void exportAll(action.body, action.routes)} />
          {exports.length > 1 && (
            <Popover
              placement="bottom-end"
              disabled={list.total === 0 || exporting !== null}
              content={
                <Menu data-testid="export-menu">
                  {exports.map((e) => (
                    <MenuItem key={e.key ?? 'export'} text={e.label ?? '导出'} onClick={() => void exportAll(e.body, e.routes)} />
                  ))}
                </Menu>
              }
            >
              <Button icon="caret-down" aria-label="更多导出方式" disabled={list.total === 0 || exporting !== null} />
            </Popover>
          )}
        </ButtonGroup>,
      );
    if (action.kind === 'template' && permitted(action))
      toolbar.push(<Button key="template" icon="download" text={action.label ?? '下载模板'} onClick={() => void downloadSheetTemplate(action.sheet)} />);
    if (action.kind === 'import' && permitted(action))
      toolbar.push(<Button key="import" icon="import" intent={Intent.PRIMARY} text={action.label ?? '导入'} onClick={() => setOpen({ kind: 'import', action })} />);
    if (action.kind === 'dialog' && action.scope === 'toolbar' && permitted(action))
      toolbar.push(
        <Button
          key={action.key}
          text={action.label}
          onClick={() =>
            setOpen({
              kind: 'fields',
              title: action.title ?? action.label,
              fields: action.fields,
              check: action.check,
              submit: async (values) => {
                await request(action.path, action.body ? action.body({}, values) : values, { showLoading: true });
                showSuccess(action.success ?? '操作成功');
                afterWrite();
              },
            })
          }
        />,
      );
    if (action.kind === 'listDrawer' && permitted(action))
      toolbar.push(<Button key={action.key} text={action.label} onClick={() => setOpen({ kind: 'listDrawer', action })} />);
    if (action.kind === 'custom' && action.scope === 'toolbar' && permitted(action))
      // A screen's own create (an organisation with its administrator) looks like the kit's 新增.
      toolbar.push(
        action.key === 'create' ? (
          <Button key={action.key} icon="plus" intent={Intent.PRIMARY} text={action.label} onClick={() => setOpen({ kind: 'custom', action, row: {} })} />
        ) : (
          <Button key={action.key} text={action.label} onClick={() => setOpen({ kind: 'custom', action, row: {} })} />
        ),
      );
  }

  // The same action in the same place on every row of the page (issue 22).
  const slots = hasRowActions(screen) ? inlineSlots(list.records.map(rowButtons), declaredRowKeys(screen), new Set(rowCommands(entity, { all: true }).map(([name]) => name))) : [];
  const pick = (next: Partial<ListState>) => setState({ ...state, pageNum: 1, ...next });
  const search = () => (JSON.stringify(draft) === filtersKey && state.pageNum === 1 ? list.reload() : pick({ filters: draft }));
  const dialogCount = dialogNames.filter((n) => state.filters[n] !== undefined && state.filters[n] !== '').length;
  const tabs = screen.tabs;
  const tabField = tabs ? entity.fields[tabs.by] : undefined;

  return (
    <div className="fp-kit-screen" data-testid={`screen-${entity.name}`}>
      {tabs && tabField && (
        <Tabs id={`kit-tabs-${entity.name}`} className="fp-kit-tabs" selectedTabId={state.tab} onChange={(id) => pick({ tab: String(id) })}>
          <Tab id="" title="全部" />
          {tabs.values.map((v) => (
            <Tab
              key={String(v)}
              id={String(v)}
              title={
                <>
                  {tabLabel(tabField, v)}
                  {Boolean(list.tabCounts?.[String(v)]) && (
                    // The count in the status's tone: 审核失败 2 reads red, 待审核 3 orange.
                    <span className={`fp-tab-count fp-tab-count--${(tabField.enum && enumTone(ENUMS[tabField.enum], v)) || 'none'}`}>{list.tabCounts![String(v)]}</span>
                  )}
                </>
              }
            />
          ))}
        </Tabs>
      )}
      <TabPanel tabsId={tabs && tabField ? `kit-tabs-${entity.name}` : undefined} tabId={state.tab}>
      {(searchFields.length > 0 || dialogFields.length > 0) && (
        <SearchForm
          fields={searchFields}
          values={draft}
          onChange={setDraft}
          onSearch={search}
          onReset={() => pick({ filters: {} })}
          loading={list.loading}
          extra={
            <>
              {dialogFields.length > 0 && <Button icon="filter" text={dialogCount ? `更多筛选（${dialogCount}）` : '更多筛选'} onClick={() => setFiltering(true)} />}
              {savedKey && <SavedSearches screenKey={savedKey} current={state.filters} onApply={(filters) => pick({ filters })} />}
            </>
          }
        />
      )}
      <FilterChips entity={entity} names={dialogNames as string[]} filters={state.filters} onRemove={(name) => pick({ filters: { ...state.filters, [name]: '' } })} />
      {toolbar.length > 0 && <div className="fp-kit-toolbar">{toolbar}</div>}
      {exporting !== null && <ProgressBar className="fp-kit-progress" intent={Intent.SUCCESS} value={exporting || undefined} />}
      <DataTable
        rows={list.records}
        columns={columns}
        rowKey={entity.key}
        loading={list.loading}
        orderBy={state.orderBy}
        onOrderByChange={(orderBy) => pick({ orderBy })}
        rowActions={hasRowActions(screen) && slots.length > 0 ? (row) => <RowActions buttons={rowButtons(row)} slots={slots} /> : undefined}
      />
      {screen.summary && list.summary && (
        <SummaryBar
          summary={list.summary}
          count={screen.summaryCount ? { label: screen.summaryCount, value: list.summary.count ?? list.total } : undefined}
          fields={screen.summary.filter(listedFor).map((name) => ({ name, label: entity.fields[name].label }))}
        />
      )}
      {screen.summary && list.totalKind && (
        <div className="fp-kit-summary" data-testid="kit-summary">
          <strong>合计</strong>
          <span>{LARGE_SUMMARY_NOTE}</span>
        </div>
      )}
      <Pagination
        total={list.total}
        totalKind={list.totalKind}
        pageNum={state.pageNum}
        pageSize={state.limit}
        disabled={list.loading}
        onChange={(pageNum, limit) => {
          setState({ ...state, pageNum, limit });
          scrollToTop();
        }}
      />
      </TabPanel>
      <FilterDialog
        isOpen={filtering}
        title="更多筛选"
        fields={dialogFields}
        initial={state.filters}
        onClose={() => setFiltering(false)}
        onConfirm={(values) => {
          setFiltering(false);
          pick({ filters: { ...state.filters, ...values } });
        }}
      />
      {open && <OpenDialog open={open} screen={screen} link={link} preset={preset} onClose={() => setOpen(null)} afterWrite={afterWrite} reload={list.reload} />}
    </div>
  );
}

/** A row dialog's title names the row (重置密码（zhangsan）). */
const dialogTitle = (entity: Entity, action: DialogAction, row: Row) => `${action.title ?? action.label}（${String(row[entity.labelField] ?? '')}）`;
const dialogBody = (entity: Entity, action: DialogAction, row: Row, values: Row) => (action.body ? action.body(row, values) : { [entity.key]: row[entity.key], ...values });

/**
 * Read-only logs (操作日志, 短信记录) declare no row action, so they get no empty 操作 column; a page whose
 * rows allow none of the declared ones (a submitted temp order's lines) shows none either.
 */
function hasRowActions(screen: EntityScreen): boolean {
  return screen.actions.some(
    (a) => a.kind !== 'export' && a.kind !== 'template' && a.kind !== 'import' && a.kind !== 'listDrawer' && !((a.kind === 'custom' || a.kind === 'dialog') && a.scope === 'toolbar'),
  );
}

interface Slot {
  /** The first member's key (React key). */
  key: string;
  /** Actions sharing this place: transitions no row of the page offers together (禁用 / 启用). */
  keys: string[];
  /** The longest member label (the place's width). */
  label: string;
}

/**
 * The inline actions of a page (issue 22): the actions its rows offer, in declaration order; transitions
 * that no row offers together share one place (禁用 on active rows, 启用 on disabled ones). The first three
 * places stay inline, the rest go under 更多. Each place is the
 * same on every row (a row without any of its actions leaves it empty).
 */
export function inlineSlots(
  pages: ReadonlyArray<ReadonlyArray<{ key: string; label: string }>>,
  declared: readonly string[] = [],
  shareable: ReadonlySet<string> = new Set(),
): Slot[] {
  const labels = new Map<string, string>();
  for (const buttons of pages) for (const b of buttons) if (!labels.has(b.key)) labels.set(b.key, b.label);
  const rank = (key: string) => (declared.includes(key) ? declared.indexOf(key) : declared.length);
  // A stable sort: keys the declaration does not name keep the order they were first seen in.
  const order = [...labels.keys()].sort((a, b) => rank(a) - rank(b));
  const together = (a: string, b: string) => pages.some((buttons) => buttons.some((x) => x.key === a) && buttons.some((x) => x.key === b));
  const slots: Slot[] = [];
  for (const key of order) {
    const label = labels.get(key)!;
    const joins = shareable.has(key) ? slots.find((slot) => slot.keys.every((k) => shareable.has(k) && !together(k, key))) : undefined;
    if (joins) {
      joins.keys.push(key);
      if (Array.from(label).length > Array.from(joins.label).length) joins.label = label;
    } else slots.push({ key, keys: [key], label });
  }
  return slots.slice(0, INLINE_ROW_ACTIONS);
}

/** Width of an action's place: its label's characters and the button's padding. */
const slotWidth = (label: string) => `${Array.from(label).length + 1.2}em`;

/** The row actions a screen declares, in order: where each takes its place among a row's buttons. */
function declaredRowKeys(screen: EntityScreen): string[] {
  return screen.actions.flatMap((a) => {
    switch (a.kind) {
      case 'form':
        return [...(a.view === false ? [] : ['view']), ...(a.edit === false ? [] : ['edit'])];
      case 'detail':
        return ['detail'];
      case 'transitions':
        return rowCommands(screen.entity, a).map(([name]) => name);
      case 'remove':
        return ['delete'];
      case 'dialog':
        return a.scope === 'toolbar' ? [] : [a.key];
      case 'table':
      case 'link':
      case 'download':
        return [a.key];
      case 'custom':
        return a.scope === 'row' ? [a.key] : [];
      default:
        return [];
    }
  });
}

function RowActions({ buttons, slots }: { buttons: RowButton[]; slots: Slot[] }) {
  const inlineKeys = new Set(slots.flatMap((s) => s.keys));
  const more = buttons.filter((b) => !inlineKeys.has(b.key));
  return (
    <div className="fp-row-actions">
      {slots.map((slot) => {
        const b = buttons.find((x) => slot.keys.includes(x.key));
        return (
          <span key={slot.key} className="fp-row-slot" style={{ minWidth: slotWidth(slot.label) }}>
            {b && <Button size="small" variant="minimal" intent={b.intent ?? Intent.PRIMARY} text={b.label} onClick={b.run} />}
          </span>
        );
      })}
      {more.length > 0 && (
        <Popover
          placement="bottom-end"
          content={
            <Menu>
              {more.map((b) => (
                <MenuItem key={b.key} text={b.label} intent={b.intent} onClick={b.run} />
              ))}
            </Menu>
          }
        >
          <Button size="small" variant="minimal" text="更多" endIcon="caret-down" />
        </Popover>
      )}
    </div>
  );
}

function OpenDialog({ open, screen, link, preset, onClose, afterWrite, reload }: { open: Open; screen: EntityScreen; link?: Row; preset?: Row; onClose: () => void; afterWrite: () => void; reload: () => void }) {
  const { entity } = screen;
  const permitted = usePermitted();
  // A create declared with `then`: its answer, and the secrets dialog shown once the form has closed.
  const answered = useRef<Row | null>(null);
  const [shown, setShown] = useState<{ once: NonNullable<FormAction['then']>; answer: Row } | null>(null);
  if (shown) return <AnswerOnceDialog once={shown.once} answer={shown.answer} onClose={onClose} />;
  switch (open.kind) {
    case 'form': {
      const { action, mode, row } = open;
      const fields = (action.fields ?? formFieldsOf(entity, inputsOf(entity)).filter((f) => !(link && f.name in link))).map((f) =>
        action.fieldsFor?.[f.name] ? { ...f, onlyFor: action.fieldsFor[f.name] } : f,
      );
      const titles = action.titles ?? { add: `新增${entity.title}`, edit: `编辑${entity.title}`, view: `查看${entity.title}` };
      const Container = action.drawer ? FormDrawer : FormDialog;
      const submit = async (payload: Row, m: Exclude<FormMode, 'view'>) => {
        const values = m === 'add' && action.complete ? await action.complete(payload) : payload;
        const names = action.fields && !action.writableOnly ? Object.keys(values) : [...writableFields(entity, m), entity.key];
        const sent = await uploadChosenFiles(entity, Object.fromEntries(Object.entries(values).filter(([k]) => names.includes(k))));
        const route = m === 'add' ? (action.routes?.create ?? 'create') : (action.routes?.update ?? 'update');
        const answer = await request<Row>(`${entity.paths.mgr}/${route}`, m === 'add' ? { ...sent, ...link } : sent, { showLoading: true });
        if (m === 'add') answered.current = answer;
        return answer;
      };
      const closeForm = () => {
        const answer = answered.current;
        answered.current = null;
        if (action.then && answer && secretsIn(answer, action.then.secrets).length > 0) setShown({ once: action.then, answer });
        else onClose();
      };
      return (
        <Container
          isOpen
          mode={mode}
          title={(m) => (m === 'add' ? titles.add : m === 'view' ? (titles.view ?? titles.edit) : titles.edit)}
          fields={fields}
          initial={mode === 'add' ? { ...defaultsOf(entity), ...action.defaults, ...preset, ...link } : row}
          load={row ? () => request<Row>(`${entity.paths.query}/get`, { [entity.key]: row[entity.key] }) : undefined}
          recordKey={entity.key}
          confirmSubmit={action.confirmSubmit}
          submit={submit}
          canEdit={mode === 'view' ? rowCanUpdate(row, entity.codes.mgr, permitted, action.needs) : true}
          onClose={closeForm}
          onSaved={afterWrite}
        />
      );
    }
    case 'detail':
      return <DetailDialog entity={entity} row={open.row} onClose={onClose} />;
    case 'loaded': {
      const { action, row } = open;
      return (
        <FormDialog
          isOpen
          mode="view"
          title={dialogTitle(entity, action, row)}
          fields={action.fields}
          load={() => action.load!(row)}
          canEdit={action.editable}
          successMessage={action.success}
          submit={(values) => request(action.path, dialogBody(entity, action, row, values), { showLoading: true })}
          onClose={onClose}
          onSaved={afterWrite}
        />
      );
    }
    case 'fields':
      return <FieldsDialog title={open.title} fields={open.fields} note={open.note} intent={open.intent} check={open.check} submit={open.submit} onClose={onClose} />;
    case 'table': {
      const { action, row } = open;
      const childLink = Object.fromEntries(Object.entries(action.link).map(([child, parent]) => [child, row[parent]]));
      return (
        // The parent row may show what its sub-table changed (a temp order's error count).
        <SubTableDrawer
          title={`${action.label}（${String(row[entity.labelField] ?? '')}）`}
          onClose={() => {
            onClose();
            reload();
          }}
        >
          <EntityScreenView screen={action.screen} urlState={false} link={childLink} addable={action.addable?.(row) ?? true} />
        </SubTableDrawer>
      );
    }
    case 'custom':
      return <>{open.action.render({ row: open.row, reload, close: onClose })}</>;
    case 'listDrawer':
      return (
        <SubTableDrawer title={open.action.label} onClose={onClose}>
          <EntityScreenView screen={open.action.screen} urlState={false} />
        </SubTableDrawer>
      );
    case 'import': {
      const { action } = open;
      const fields = searchFieldsOf(entity, action.fields ?? [], inputsOf(entity))
        // The batch's target is picked from a list (a ref's select), hence 请选择.
        .map((f) => ({ ...f, required: true, rule: { rules: [{ kind: 'required' as const, message: `请选择${f.label}` }] }, onlyFor: action.fieldsFor?.[f.name] }))
        .filter((f) => permitted({ onlyFor: f.onlyFor }));
      return <ImportDialog title={action.label ?? '导入'} sheet={action.sheet} path={action.path} fields={fields} keepFile={action.keepFile} onClose={onClose} onDone={afterWrite} />;
    }
  }
}

/** View mode offers 编辑 only where the row allows an update (or the action the form's 编辑 follows). */
function rowCanUpdate(row: Row | undefined, mgr: number | undefined, permitted: ReturnType<typeof usePermitted>, needs = 'update'): boolean {
  const listed = listedActions(row);
  if (listed) return listed.includes(needs);
  return mgr === undefined || permitted({ codes: [mgr] });
}

/** The label of a money field without its unit: the figures carry ¥. */
const moneyLabel = (label: string) => label.replace(/[（(]元[)）]$/, '');

/**
 * 合计 (issue 22): each figure as money (¥, separators); a figure the entity splits by status shows its
 * parts beside it — what counts, and apart the refused, failed or cancelled money marked 不计入.
 */
export function SummaryBar({ summary, count, fields }: { summary: Row; count?: { label: string; value: unknown }; fields: Array<{ name: string; label: string }> }) {
  const parts = Array.isArray(summary.parts) ? (summary.parts as SummaryPart[]) : [];
  const splitField = fields.find((f) => parts.some((p) => p[f.name] !== undefined))?.name;
  return (
    <div className="fp-summary" data-testid="kit-summary">
      <strong>合计</strong>
      {count && (
        <span>
          {count.label}：<span className="fp-summary-figure">{String(count.value)}</span>
        </span>
      )}
      {fields.map((f) => (
        <span key={f.name}>
          {moneyLabel(f.label)}：<span className="fp-summary-figure">{formatMoney(summary[f.name], { yuan: true })}</span>
          {f.name === splitField && (
            <span className="fp-summary-parts" data-testid="kit-summary-parts">
              {'（'}
              {parts
                .filter((p) => !p.excluded || p.count > 0)
                .map((p, i) => (
                  <span key={p.label} className={p.excluded ? 'fp-summary-part--excluded' : undefined}>
                    {i > 0 && ' · '}
                    <StatusTag tone={p.tone}>{p.label}</StatusTag> <span className="fp-summary-figure">{formatMoney(p[f.name], { yuan: true })}</span>
                    {p.excluded && ' 不计入'}
                  </span>
                ))}
              {'）'}
            </span>
          )}
        </span>
      ))}
    </div>
  );
}
