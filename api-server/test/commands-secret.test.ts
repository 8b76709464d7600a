/**
 * Kit v3 commands carrying a secret (resource/commands.ts, entity.ts CommandDef/CommandField):
 * `encrypted: true` makes the derived route take an RSA-encrypted body (the guard decrypts it before
 * anything reads a field); a `secret: true` field is checked and taken as typed (never trimmed) and
 * never written to the audit entry; `staleCode` answers a `when` that rules the row out with its own
 * code; an effect answering `audit: false` (it changed nothing) leaves no audit entry.
 */
import { defineEntity, MESSAGES } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, SignedInContext } from '../src/http/guard';
import { type CommandHost, type Effects, runCommand } from '../src/resource/commands';
import { defineResource } from '../src/resource/entity-resource';

const probe = defineEntity({
  name: 'secretProbe',
  table: 'secret_probe',
  key: 'id',
  labelField: 'name',
  title: '测试',
  paths: { query: 'secretProbe/query', mgr: 'secretProbe/mgr' },
  codes: { query: 1011, mgr: 1012 },
  fields: { id: { label: 'ID', type: 'int' }, name: { label: '名称', type: 'text' }, hasKey: { label: '有密钥', type: 'int' } },
  commands: {
    setPassword: {
      label: '重置密码', for: ['SYS'], code: 1013, encrypted: true,
      fields: { newPassword: { label: '新密码', type: 'text', rule: 'newPassword', secret: true }, note: { label: '说明', type: 'text' } },
    },
    reset: { label: '重置密钥', for: ['SYS'], code: 1013, when: (row) => row.hasKey === 1, stale: '没有可重置的密钥', staleCode: 1001 },
    same: { label: '不变', for: ['SYS'], code: 1013 },
  },
});

const caller = { user: { adminType: 1, userId: 1, username: 'admin' }, perms: new Set([1013]) } as unknown as SignedInContext['caller'];

function hostWith(effects: Effects, row: Record<string, unknown>) {
  const audits: Array<Record<string, unknown>> = [];
  const trx = { insertInto: () => ({ values: (v: Record<string, unknown>) => ({ execute: async () => audits.push(v) }) }) };
  const host: CommandHost = {
    entity: probe,
    options: { effects },
    load: async () => row,
    write: async (_ctx, work) => work(trx as never),
    get: async () => ({ record: true }),
  };
  return { host, audits };
}

const call = (body: Record<string, unknown>) => ({ caller, body, now: 5, request: { url: '/x' } }) as unknown as SignedInContext;

test('an encrypted command derives an encrypted route; the others stay plain', () => {
  const { routes } = defineResource({ db: {} } as unknown as AppDeps, probe, { scope: (_c, qb) => qb });
  const byPath = new Map(routes.map((r) => [r.path, r]));
  expect(byPath.get('secretProbe/mgr/setPassword')).toMatchObject({ perm: 1013, encrypted: true });
  expect(byPath.get('secretProbe/mgr/reset')?.encrypted).toBeUndefined();
});

test("a create taking a secret field (an account's password) derives an encrypted create route", () => {
  const withPassword = defineEntity({ ...probe, name: 'secretProbeCreate', fields: { ...probe.fields, password: { label: '密码', type: 'password', create: true, secret: true } } });
  const encryptedOf = (entity: typeof probe) => defineResource({ db: {} } as unknown as AppDeps, entity, { scope: (_c, qb) => qb }).routes.find((r) => r.path === 'secretProbe/mgr/create')?.encrypted;
  expect(encryptedOf(withPassword as typeof probe)).toBe(true);
  expect(encryptedOf(probe)).toBeUndefined();
});

test('a secret input is checked and taken as typed, and never reaches the audit entry', async () => {
  let seen: unknown;
  const { host, audits } = hostWith({ setPassword: async ({ input }) => { seen = input.newPassword; return { answer: true, changes: { password: { from: '******', to: '******' } } }; } }, { id: 7, hasKey: 0 });
  await expect(runCommand(host, call({ id: 7, newPassword: 'weak' }), 'setPassword')).rejects.toMatchObject({ code: 1001, message: MESSAGES.passwordFormat });
  await expect(runCommand(host, call({ id: 7 }), 'setPassword')).rejects.toMatchObject({ code: 1001, message: '请输入新密码' });
  expect(await runCommand(host, call({ id: 7, newPassword: ' New@2026pass', note: ' 说明 ' }), 'setPassword')).toBe(true);
  // Taken as typed (a leading space is part of a password); a plain text input is trimmed as before.
  expect(seen).toBe(' New@2026pass');
  expect(audits).toHaveLength(1);
  expect(JSON.parse(String(audits[0].changes))).toEqual({ note: { from: null, to: '说明' }, password: { from: '******', to: '******' } });
  expect(String(audits[0].changes)).not.toContain('New@2026pass');
});

test('staleCode: a when that rules the row out answers with its own code; an effect that changed nothing leaves no entry', async () => {
  const { host, audits } = hostWith({ same: async () => ({ answer: true, audit: false }) }, { id: 7, hasKey: 0 });
  await expect(runCommand(host, call({ id: 7 }), 'reset')).rejects.toMatchObject({ code: 1001, message: '没有可重置的密钥' });
  expect(await runCommand(host, call({ id: 7 }), 'same')).toBe(true);
  expect(audits).toEqual([]);
  const keyed = hostWith({}, { id: 8, hasKey: 1 });
  expect(await runCommand(keyed.host, call({ id: 8 }), 'reset')).toEqual({ record: true });
  expect(keyed.audits).toHaveLength(1);
});
