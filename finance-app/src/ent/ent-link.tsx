import { showEntDetail, type Row } from '@flexpay/shared-utility';

/**
 * An enterprise name that opens the enterprise detail dialog (spec §9 showEntDetail, hosted by
 * navbar-app), for lists that show a row's entName next to its entId.
 */
export function entNameCell(row: Row) {
  const open = () => showEntDetail({ id: row.entId });
  return (
    <a
      role="button"
      tabIndex={0}
      data-testid="ent-link"
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') open();
      }}
    >
      {String(row.entName ?? '')}
    </a>
  );
}
