import { Button, HTMLTable } from '@blueprintjs/core';
import { FORM_DIALOG_WIDTH, OverlayFrame, type Row } from '@flexpay/shared-utility';

interface Band {
  from?: string;
  to?: string | null;
  ratio?: string;
  portion?: string;
}

/** 计费区间: how a line's fee was made up, band by band (from, to — open-ended last — ratio, the part priced). */
export function BandsDialog({ row, close }: { row: Row; close: () => void }) {
  const bands = Array.isArray(row.bands) ? (row.bands as Band[]) : [];
  return (
    <OverlayFrame title={`计费区间（${String(row.orderNo ?? '')}-${String(row.rowNo ?? '')}）`} onClose={close} dialogWidth={FORM_DIALOG_WIDTH} drawerSize={FORM_DIALOG_WIDTH} buttons={<Button text="关闭" onClick={close} />}>
      {bands.length === 0 ? (
        <p>未设置</p>
      ) : (
        <HTMLTable compact striped className="fp-order-bands" data-testid="fee-bands">
          <thead>
            <tr>
              <th>区间(元)</th>
              <th>费率(%)</th>
              <th>计费金额(元)</th>
            </tr>
          </thead>
          <tbody>
            {bands.map((b, i) => (
              <tr key={i}>
                <td>
                  {b.from ?? '0.00'} ~ {b.to ?? '∞'}
                </td>
                <td>{b.ratio ?? '-'}</td>
                <td>{b.portion ?? '-'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <p>
        服务费：{String(row.entFee ?? '-')} 元
      </p>
    </OverlayFrame>
  );
}
