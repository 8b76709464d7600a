/**
 * An effect that asks an outside service (实名认证's provider, 重新校验's card checker) asks it before
 * the command's transaction opens, so no database lock waits on the network (resource/commands.ts
 * AskingEffect); its answer reaches the work done inside the transaction.
 */
import { defineEntity } from '@flexpay/shared-utility/src/pure';
import type { SignedInContext } from '../src/http/guard';
import { type CommandHost, runCommand } from '../src/resource/commands';

const probe = defineEntity({
  name: 'askProbe',
  table: 'ask_probe',
  key: 'id',
  labelField: 'name',
  title: '测试',
  paths: { query: 'askProbe/query', mgr: 'askProbe/mgr' },
  codes: { query: 1, mgr: 2 },
  fields: { id: { label: 'ID', type: 'int' }, name: { label: '名称', type: 'text' } },
  commands: { check: { label: '校验', for: ['SYS'], code: 2 } },
});

const caller = { user: { adminType: 1, id: 1 }, perms: new Set([2]) } as unknown as SignedInContext['caller'];
const ctx = { caller, body: { id: 7 }, now: 0 } as unknown as SignedInContext;

test('ask runs before the transaction opens; run gets its answer inside it', async () => {
  const events: string[] = [];
  let inTransaction = false;
  const host: CommandHost = {
    entity: probe,
    options: {
      effects: {
        check: {
          ask: async ({ row }) => {
            events.push(`ask ${String(row.id)}${inTransaction ? ' inside' : ''}`);
            return 'passed';
          },
          run: async ({ asked }) => {
            events.push(`run ${String(asked)}${inTransaction ? ' inside' : ''}`);
            throw new Error('rolled back');
          },
        },
      },
    },
    load: async () => ({ id: 7, name: '甲' }),
    write: async (_ctx, work) => {
      inTransaction = true;
      try {
        return await work({} as never);
      } finally {
        inTransaction = false;
      }
    },
    get: async () => null,
  };
  await expect(runCommand(host, ctx, 'check')).rejects.toThrow('rolled back');
  expect(events).toEqual(['ask 7', 'run passed inside']);
});
