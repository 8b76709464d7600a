import { ent, request, showEntDetail$ } from '@flexpay/shared-utility';
import { EventDetailDialog } from '../event-detail/EventDetailDialog';

/** The enterprise an event names: `{id}` or `{entId}` (spec §9 showEntDetail). */
export function entIdOf(target: Readonly<Record<string, unknown>> | null | undefined): number | null {
  const raw = target?.id ?? target?.entId;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** ent/query/get's record as the ent entity's detail lines; the kit loads on the first opening only. */
async function loadEnt(id: number) {
  const [record, kit] = await Promise.all([request<Record<string, unknown>>(`${ent.paths.query}/get`, { id }), import('@flexpay/shared-utility/kit')]);
  return { title: String(record.entName ?? ''), lines: kit.detailLinesOf(ent, record), extra: null };
}

/**
 * 企业详情 for any app's showEntDetail event. The kit's derivation is loaded on the first opening
 * only, so the navbar (on every page) does not pull the kit bundle into pages that never show a kit screen.
 */
export function EntDetail() {
  return <EventDetailDialog events={showEntDetail$} targetOf={entIdOf} load={loadEnt} title="企业详情" failed="企业信息加载失败" icon="office" width={560} testId="ent-detail" />;
}
