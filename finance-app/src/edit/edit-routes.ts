/**
 * The enterprise edit routes (spec §2, STANDALONE_ROUTES): each edits a few fields of one
 * enterprise, which arrives in the navigation state and whose id stays in the URL (?id=) so that a
 * reload or a shared link still finds it. DOM-free, unit tested.
 */
import { ent, type FieldRules, type Row } from '@flexpay/shared-utility';

type EntField = keyof typeof ent.fields;

export interface EditRoute {
  path: string;
  /** Row action label on /ent/index. */
  action: string;
  /** Fields saved through ent/mgr/update; empty for /editEpContract, which lists contracts. */
  fields: EntField[];
  /** Row action the server must list in `_actions` for the link to show. */
  needs?: string;
}

export const EDIT_ROUTES: readonly EditRoute[] = [
  { path: '/editIndustry', action: '编辑行业', fields: ['industry'], needs: 'update' },
  { path: '/editEpArea', action: '编辑地区', fields: ['area', 'address'], needs: 'update' },
  { path: '/editEpIndustry', action: '编辑工商信息', fields: ['creditCode', 'industry'], needs: 'update' },
  { path: '/editEpContract', action: '合同管理', fields: [] },
  { path: '/editEpQuote', action: '编辑报价', fields: ['quoteRatio', 'quoteRemark'], needs: 'update' },
];

export function editRouteOf(path: string): EditRoute {
  const found = EDIT_ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`${path} is not an enterprise edit route`);
  return found;
}

export interface EditTarget {
  /** The enterprise id, null when neither the URL nor the state names one. */
  id: number | null;
  /** The record passed in the navigation state when it is the one the URL names; else it is loaded. */
  record: Row | null;
  /** The URL lacks the id the state carries: it is added (replacing the entry) so a reload keeps it. */
  addIdToUrl: boolean;
}

const positiveInt = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Which enterprise an edit route shows: the URL's ?id= wins (a stale state from an earlier visit
 * never shows another enterprise); the state's record is used only when its id matches.
 */
export function editTarget(search: string, state: unknown): EditTarget {
  const fromUrl = positiveInt(new URLSearchParams(search).get('id'));
  const record = state && typeof state === 'object' ? (state as Row) : null;
  const fromState = positiveInt(record?.id);
  if (fromUrl !== null) return { id: fromUrl, record: fromState === fromUrl ? record : null, addIdToUrl: false };
  return { id: fromState, record: fromState === null ? null : record, addIdToUrl: fromState !== null };
}

/** What ent/mgr/update receives: the id and the route's fields only. */
export function updateBody(route: EditRoute, id: number, values: Row): Row {
  return { id, ...Object.fromEntries(route.fields.map((f) => [f, values[f] ?? null])) };
}

const RATIO: FieldRules = {
  optional: true,
  rules: [{ kind: 'pattern', pattern: /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/, message: '报价费率须为0到100之间、最多四位小数的百分比' }],
};

/** The form rule of an edited field: its varchar limit, or the percentage format for the quote ratio. */
export function ruleOf(name: EntField): FieldRules | undefined {
  const field = ent.fields[name];
  if (field.type === 'ratio') return RATIO;
  const max = 'max' in field ? field.max : undefined;
  return max ? { optional: true, rules: [{ kind: 'length', max, message: `${field.label}不能超过${max}个字符` }] } : undefined;
}
