/**
 * @jest-environment jsdom
 */
/**
 * Issue 21 item 4, as issue 22 item 6 changes it: numbers are masked for everyone, and a masked number
 * (ID, card, phone) is offered as a search field (the whole number, matched exactly by the server) only
 * to a caller who may reveal it — 20110 for a talent's.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen } from '../../src/kit/entity/define';
import { revealCodeOf, searchableBy } from '../../src/pure/entity';
import { admin } from '../../src/pure/entities/admin';
import { cust } from '../../src/pure/entities/cust';
import { custCard } from '../../src/pure/entities/talent-coop';
import { packageTalent } from '../../src/pure/entities/task';
import { TALENT_MGR_CODE } from '../../src/pure/rules/talent';

const held = { codes: new Set<number>() };
const request = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'ENT' }), usePermissions: () => held.codes }));

const dom = useDomHost();
const talents = defineScreen(cust, { list: ['name', 'idNumber'], search: ['name', 'idNumber', 'phone'], actions: [] });

async function searchLabels(codes: number[]): Promise<string[]> {
  held.codes = new Set(codes);
  request.mockResolvedValue({ records: [], total: 0 });
  await act(async () =>
    dom.root.render(
      <MemoryRouter>
        <EntityScreenView screen={talents} urlState={false} />
      </MemoryRouter>,
    ),
  );
  return [...dom.host.querySelectorAll('label')].map((l) => (l.textContent ?? '').trim()).filter(Boolean);
}

it('the talent list offers 证件号码 and 手机号 as search fields only to a holder of 20110', async () => {
  const masked = await searchLabels([cust.codes.query]);
  expect(masked.join(' ')).toContain('姓名');
  expect(masked.join(' ')).not.toContain('手机号');
  expect(masked.join(' ')).not.toContain('证件号码');
  const whole = await searchLabels([cust.codes.query, TALENT_MGR_CODE]);
  expect(whole.join(' ')).toContain('证件号码');
  expect(whole.join(' ')).toContain('手机号');
});

it('the masked numbers declare what they hold once, and searchableBy reads the reveal code', () => {
  for (const field of [cust.fields.idNumber, cust.fields.phone, custCard.fields.cardNo, packageTalent.fields.idNumber]) {
    expect(field.masked).toBeDefined();
    expect(revealCodeOf(field)).toBe(TALENT_MGR_CODE);
    expect(searchableBy(field, new Set([TALENT_MGR_CODE]))).toBe(true);
    expect(searchableBy(field, new Set())).toBe(false);
  }
  expect(searchableBy(cust.fields.name, new Set())).toBe(true);
  // Masked but not a search field (the card number on the talent itself).
  expect(searchableBy(cust.fields.bankCard, new Set([TALENT_MGR_CODE]))).toBe(false);
  // An administrator's phone is revealed and searched with 管理子账号 (1012).
  expect(searchableBy(admin.fields.phone, new Set([1012]))).toBe(true);
  expect(searchableBy(admin.fields.phone, new Set([TALENT_MGR_CODE]))).toBe(false);
});
