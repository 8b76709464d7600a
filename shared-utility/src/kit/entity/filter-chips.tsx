import { Classes, Icon } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { ENUMS, enumLabel, type Entity } from '../../pure';
import { formatMoney } from '../format';
import { options$ } from './options';

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.every(blank));

/** A ref filter's value by its label, from the cached simple list (the id while it loads). */
function RefText({ entity, name, value }: { entity: Entity; name: string; value: unknown }) {
  const [label, setLabel] = useState<string | null>(null);
  const ref = entity.fields[name].ref!;
  useEffect(() => {
    const subscription = options$(ref).subscribe((options) => setLabel(options.find((o) => String(o.value) === String(value))?.label ?? null));
    return () => subscription.unsubscribe();
  }, [ref, value]);
  return <>{label ?? String(value)}</>;
}

/** The text of one filter value as the search form would show it. */
function valueText(entity: Entity, name: string, value: unknown) {
  const field = entity.fields[name];
  if (field.search === 'range' && Array.isArray(value)) {
    const [from, to] = value.map((v) => (blank(v) ? '' : field.type === 'money' ? formatMoney(v) : String(v)));
    return from && to ? `${from} ~ ${to}` : from ? `≥ ${from}` : `≤ ${to}`;
  }
  if (field.type === 'enum' && field.enum) return enumLabel(ENUMS[field.enum], value, String(value));
  if (field.type === 'ref' && field.ref) return <RefText entity={entity} name={name} value={value} />;
  return String(value);
}

/**
 * Filters set in 更多筛选 that the search bar does not show (issue 22): one removable chip each under
 * the bar, so a list narrowed by a hidden condition says so.
 */
export function FilterChips({ entity, names, filters, onRemove }: { entity: Entity; names: string[]; filters: Record<string, unknown>; onRemove: (name: string) => void }) {
  const active = names.filter((n) => !blank(filters[n]));
  if (active.length === 0) return null;
  return (
    <div className="fp-filter-chips" data-testid="filter-chips">
      {active.map((n) => (
        // A chip is text with its own named remove button beside it (issue 27: an interactive tag held the button).
        <span key={n} className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.ROUND}`} data-testid="filter-chip">
          <span className={Classes.FILL}>
            {entity.fields[n].label}：{valueText(entity, n, filters[n])}
          </span>
          <button type="button" className={Classes.TAG_REMOVE} aria-label={`移除筛选条件：${entity.fields[n].label}`} onClick={() => onRemove(n)}>
            <Icon icon="small-cross" />
          </button>
        </span>
      ))}
    </div>
  );
}
