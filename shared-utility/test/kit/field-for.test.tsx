/**
 * @jest-environment jsdom
 */
/**
 * A field declared for some account types (`for` on the entity's field): the screen leaves its column
 * and its summary item out for the others, with no `listFor` on the screen; a record without it shows
 * no detail line for it. The server half is api-server/test/kit-field-for.test.ts.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen } from '../../src/kit/entity/define';
import { detailLinesOf } from '../../src/kit/entity/derive';
import { entFeeStats, fieldFor } from '../../src/pure';

const request = jest.fn();
let accountType = 'ENT';
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType }), usePermissions: () => new Set([18430]) }));

const dom = useDomHost();
const screen = defineScreen(entFeeStats, { list: ['month', 'amount', 'entFee', 'merchtProfit', 'supIncome'], summary: ['amount', 'entFee', 'merchtProfit'], actions: [] });

async function headers(type: string): Promise<string> {
  accountType = type;
  request.mockResolvedValue({ records: [{ statKey: '1:2026-11', month: '2026-11', amount: '10.00', entFee: '0.60' }], total: 1, summary: { amount: '10.00', entFee: '0.60', merchtProfit: '0.10' } });
  await act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={screen} urlState={false} /></MemoryRouter>));
  return dom.host.textContent ?? '';
}

describe('field visibility per account type (`for`)', () => {
  it('is the declaration: all types when undeclared, only the named ones otherwise', () => {
    expect(fieldFor(entFeeStats.fields.entFee, 'ENT')).toBe(true);
    expect(fieldFor(entFeeStats.fields.merchtProfit, 'ENT')).toBe(false);
    expect(fieldFor(entFeeStats.fields.merchtProfit, 'MER')).toBe(true);
    expect(fieldFor(entFeeStats.fields.merchtProfit, null)).toBe(false);
  });

  it('leaves the columns and summary items out for an enterprise, not for a merchant', async () => {
    const ent = await headers('ENT');
    expect(ent).toContain('企业服务费(元)');
    expect(ent).not.toContain('商户分润(元)');
    expect(ent).not.toContain('供应商收入(元)');
    const mer = await headers('MER');
    expect(mer).toContain('商户分润(元)');
    expect(mer).toContain('供应商收入(元)');
  });

  it('shows a detail line of such a field only when the record holds it', () => {
    const names = (record: Record<string, unknown>) => detailLinesOf(entFeeStats, record).map((l) => l.name);
    expect(names({ month: '2026-11', entFee: '0.60' })).not.toContain('merchtProfit');
    expect(names({ month: '2026-11', entFee: '0.60', merchtProfit: '0.10' })).toContain('merchtProfit');
  });
});
