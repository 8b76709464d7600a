/**
 * A masked value cell (issue 22 item 6): ID, bank-card and phone numbers arrive masked for everyone
 * (`1101**********1015`); a holder of the field's reveal code sees a small 显示完整号码 button beside the
 * mask, which asks `common/reveal` for that one value (audited by the server) and shows it in the same
 * cell — the list is not fetched again. Used by the grid for fields declared `masked` and by 详情.
 */
import { Button, Icon } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { request } from '../../api';
import { usePermissions } from '../../app';
import { type Entity, type EntityField, looksMasked, maskedFieldsOf, REVEAL_PATH, revealCodeOf, shownIn } from '../../pure';
import type { Row } from '../screen';
import { EMPTY_MARK } from '../format';

const CELL = { display: 'inline-flex', alignItems: 'center', gap: 2, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** Narrower than Blueprint's small button (24 px): three masked columns must still fit a 1280 px row. */
const REVEAL_BUTTON = { minWidth: 20, minHeight: 20, padding: 0 } as const;

/** Whether the caller may reveal the field (its reveal code: 20110, or 1012 for an administrator's phone). */
export const mayRevealField = (field: EntityField, held: ReadonlySet<number> | null | undefined): boolean => !!field.masked && !!held?.has(revealCodeOf(field));

export function MaskedValue({ entity, row, field }: { entity: Entity; row: Row; field: string }) {
  const held = usePermissions();
  const value = row[field];
  const key = row[entity.key];
  const [whole, setWhole] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Another record (or a new value of it) in this cell shows its own mask again.
  useEffect(() => setWhole(null), [key, value]);
  if (value === null || value === undefined || value === '') return <span className="fp-grid-empty">{EMPTY_MARK}</span>;
  const revealable = whole === null && looksMasked(value) && mayRevealField(entity.fields[field], held) && key !== undefined && key !== null;
  const reveal = async () => {
    setBusy(true);
    try {
      const answer = await request<{ value: string | null }>(REVEAL_PATH, { entity: entity.name, key, field });
      setWhole(answer.value ?? '');
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <span style={CELL} className="fp-masked" data-masked={whole === null ? 'true' : 'false'}>
      <span>{whole ?? String(value)}</span>
      {revealable && (
        <Button
          small
          minimal
          style={REVEAL_BUTTON}
          icon={<Icon icon="eye-open" size={14} />}
          aria-label="显示完整号码"
          title="显示完整号码"
          loading={busy}
          onClick={(e) => {
            e.stopPropagation();
            void reveal();
          }}
        />
      )}
    </span>
  );
}

/** Whether an export of the entity writes masked columns the caller may export whole (every one's reveal code held). */
export function wholeExportAllowed(entity: Entity, held: ReadonlySet<number> | null | undefined): boolean {
  const exported = maskedFieldsOf(entity).filter(([name, f]) => shownIn(f, 'list') && name !== entity.key);
  return exported.length > 0 && exported.every(([, f]) => mayRevealField(f, held));
}

/** The label of the unmasked export in the 导出 menu. */
export const WHOLE_EXPORT_LABEL = '导出（含完整号码）';
