import { Classes, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { formatFen, formatMoney, lineFee, MoneyInput, parseMoneyToFen, parseRatio, priceLine, readFeeConfig, type Entity, type Field, type Row } from '@flexpay/shared-utility';
import { entityFormFields, form, type FormAction } from '@flexpay/shared-utility/kit';

const DEFAULT_AMOUNT = '100000.00';
/** Money as the preview reads it (issue 22): separators and two places. */
const money = (fen: number) => formatMoney(formatFen(fen));

/** The config the form holds, read by the engine exactly as the server will read it on save. */
function configOf(values: Row) {
  const ratio = values.ratio === null || values.ratio === undefined || values.ratio === '' ? null : parseRatio(values.ratio);
  return readFeeConfig({ feePattern: values.feePattern, rounding: values.rounding, ratio, ladder: values.ladder });
}

/**
 * 费用预览: what a month's payout of the typed amount costs under the config being edited, band by
 * band, from the shared fee engine (rules/fees.ts). With the enterprise's calc mode it also shows what
 * the balance is charged and what the payees receive.
 */
export function FeePreview({ values, withCalcMode }: { values: Row; withCalcMode: boolean }) {
  const [amount, setAmount] = useState(DEFAULT_AMOUNT);
  const read = configOf(values);
  const amountFen = parseMoneyToFen(amount);
  let body;
  if ('error' in read) body = <span className={Classes.TEXT_MUTED}>{read.error}</span>;
  else if (amountFen === null || amountFen <= 0) body = <span className={Classes.TEXT_MUTED}>请输入大于0的金额</span>;
  else {
    const fee = lineFee(read.config, 0, amountFen);
    const price = withCalcMode ? priceLine({ ...read.config, calcMode: Number(values.calcMode) === 1 ? 1 : 0, basisBeforeFen: 0, amountFen }) : null;
    body = (
      <>
        <div data-testid="fee-preview-total">
          本月代发 {money(amountFen)} 元的服务费为 <b>{money(fee.feeFen)}</b> 元
          {price && `，企业扣款 ${money(price.lockFen)} 元，收款人实收 ${money(price.payeeFen)} 元`}
        </div>
        <HTMLTable compact className="fp-fee-bands">
          <tbody>
            {fee.bands.map((band) => (
              <tr key={band.fromFen}>
                <td>{`${money(band.fromFen)} ~ ${money(band.toFen)} 元`}</td>
                <td>{`× ${Number(band.ratio / 10_000)}%`}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </>
    );
  }
  return (
    <div data-testid="fee-preview">
      <div style={{ width: 200, marginBottom: 6 }}>
        <MoneyInput value={amount} onChange={setAmount} placeholder="本月代发金额" id="fee-preview-amount" />
      </div>
      {body}
    </div>
  );
}

/** The price or cost form of a fee screen: the entity's fields (ratio or ladder by pattern) and the live preview. */
export function feeForm(entity: Entity, o: { withCalcMode?: boolean; create?: boolean } = {}): FormAction {
  const preview: Field = { name: 'feePreview', label: '费用预览', type: 'custom', input: ({ values }) => <FeePreview values={values ?? {}} withCalcMode={Boolean(o.withCalcMode)} /> };
  return form({ fields: [...entityFormFields(entity), preview], create: o.create ?? true, titles: { add: `设置${entity.title}`, edit: `编辑${entity.title}`, view: `查看${entity.title}` } });
}
