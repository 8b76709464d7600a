import { bankBin, BIN_BY_CARD, commandsOf, cust, custCard } from '@flexpay/shared-utility';
import type { ScreenAction, TransitionsAction } from '@flexpay/shared-utility/kit';
import bankcardScreen from '../src/bankcard/index.screen';
import custScreen from '../src/cust.screen';
import entScreen from '../src/cust/ent.screen';
import supScreen from '../src/cust/sup.screen';
import { custCardTable, talentRelationActions } from '../src/cust/talent-actions';
import { talentActions } from '../src/cust/talent-screen';

/** Each action's key; a commands() action by the command names it offers (each a row action needing its name in `_actions`). */
const keys = (actions: ReadonlyArray<ScreenAction>) => actions.flatMap((a) => (a.kind === 'transitions' && a.only ? a.only : [('key' in a && a.key) || a.kind]));

describe('talent screens (人才数据, 企业人才, 银行卡号)', () => {
  test('both talent views are the one talent entity with their own columns and the same actions', () => {
    expect(custScreen.entity).toBe(cust);
    expect(entScreen.entity).toBe(cust);
    expect(custScreen.title).toBe('人才数据');
    expect(entScreen.title).toBe('企业人才');
    // The platform view shows the card and the talent code; the enterprise view who registered the person.
    expect(custScreen.list).toEqual(expect.arrayContaining(['custCode', 'bankCard', 'realNameStatus']));
    expect(entScreen.list).toContain('entId');
    expect(entScreen.list).not.toContain('bankCard');
    // The query type in the path picks the tab (/cust/10, /cust/ent/1, /cust/sup/20).
    expect(custScreen.tabs).toEqual({ by: 'realNameStatus', values: [0, 10, 20], param: 'queryType' });
    expect(entScreen.tabs).toEqual({ by: 'status', values: [0, 1], param: 'queryType' });
    expect(supScreen.tabs).toEqual({ by: 'signStatus', values: [0, 10, 20, 30, 40], param: 'queryType' });
    for (const screen of [custScreen, entScreen]) expect(screen.actions).toBe(talentActions);
  });

  test('new talent with OCR, real-name, files, the relations of talent-actions and the export', () => {
    expect(keys(talentActions)).toEqual(expect.arrayContaining(['create', 'form', 'detail', 'realName', 'files', 'transitions', 'export']));
    for (const relation of talentRelationActions) expect(talentActions).toContain(relation);
    const byKey = Object.fromEntries(talentActions.map((a) => [('key' in a && a.key) || (a.kind === 'transitions' && a.only?.join()) || a.kind, a]));
    // 实名认证: the talent's command, a row action needing `realName` in `_actions`.
    expect(byKey.realName).toMatchObject({ kind: 'transitions', only: ['realName'], all: true });
    expect((byKey.realName as TransitionsAction).only!.map((name) => [name, commandsOf(cust)[name]?.label])).toEqual([['realName', '实名认证']]);
    expect(byKey.files).toMatchObject({ scope: 'row', needs: 'files' });
    expect(byKey.create).toMatchObject({ scope: 'toolbar', codes: [20110] });
    expect(byKey.export).toMatchObject({ codes: [20130] });
  });

  test('every talent view exports through the server under the export code (numbers masked there)', () => {
    for (const screen of [custScreen, entScreen, supScreen]) expect(screen.actions.find((a) => a.kind === 'export')).toMatchObject({ codes: [20130] });
  });

  test('a card offers 重新校验 when the server lists it', () => {
    const recheck = custCardTable.actions.find((a): a is TransitionsAction => a.kind === 'transitions')!;
    expect(recheck).toMatchObject({ only: ['recheckCustCard'], all: true });
    expect(recheck.only!.map((name) => [name, commandsOf(custCard)[name]?.label])).toEqual([['recheckCustCard', '重新校验']]);
  });

  test('银行卡号 is the BIN table with 新增 (add) and 按卡号添加', () => {
    expect(bankcardScreen.entity).toBe(bankBin);
    expect(bankcardScreen.list).toEqual(['bin', 'bankName', 'cardName', 'cardType', 'cardLength', 'status', 'createdAt']);
    expect(bankcardScreen.actions.find((a) => a.kind === 'form')).toMatchObject({ routes: { create: 'add' } });
    expect(keys(bankcardScreen.actions)).toContain('addByDetail');
    // 按卡号添加's dialog is BIN_BY_CARD's fields, the ones the server parses (one declaration, its messages with it).
    const byCard = bankcardScreen.actions.find((a) => 'key' in a && a.key === 'addByDetail') as unknown as { fields: Array<{ name: string; required?: boolean }> };
    expect(byCard.fields.map((f) => [f.name, Boolean(f.required)])).toEqual(Object.entries(BIN_BY_CARD.fields!).map(([name, f]) => [name, Boolean(f.required)]));
    expect(byCard).toMatchObject({ label: '按卡号添加', codes: [22110], path: 'bankCard/mgr/addByDetail', success: '卡BIN已添加' });
  });
});
