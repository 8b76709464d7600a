import crypto from 'node:crypto';
import { idNumberKey, TALENT_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import { insertMissing, readChunked } from '../../resource/batch';
import type { AnyDb, Row } from '../../resource/entity-resource';
import { type BinMatch, lookupBin } from './bin';

/** A talent's messages and the writes a new talent needs (used by 新增人才 and by the import); 请选择企业 is namedEnterprise's. */
export const TalentMessages = { ...TALENT_MESSAGES, entMissing: '企业不存在' } as const;

/** A short unique talent code: C + time + random (custCode is unique in the table). */
export function newCustCodes(count: number, now: number): string[] {
  const stamp = now.toString(36).toUpperCase();
  const salt = crypto.randomBytes(3).toString('hex').toUpperCase();
  return Array.from({ length: count }, (_, i) => `C${stamp}${salt}${i.toString(36).toUpperCase().padStart(3, '0')}`);
}

/** One person: the ID type and the ID number whatever its case. */
export const personKey = (p: { idType?: unknown; idNumber?: unknown }) => `${Number(p.idType)}:${idNumberKey(String(p.idNumber))}`;

/** The stored people among these (新增人才's one, an import's rows), by personKey. */
export async function storedPeople(reader: AnyDb, people: Array<{ idType?: unknown; idNumber?: unknown }>): Promise<Map<string, { id: number; custCode: string }>> {
  const keys = people.map((p) => idNumberKey(String(p.idNumber)));
  const rows = await readChunked(keys, (part) => reader.selectFrom('cust').select(['id', 'custCode', 'idType', 'idNumber']).where(sql<string>`upper(${sql.ref('idNumber')})`, 'in', part).execute());
  return new Map(rows.map((r) => [personKey(r), { id: Number(r.id), custCode: String(r.custCode) }]));
}

/**
 * The cooperation rows each talent needs with an enterprise and its supplier (DOMAIN.md §6), added where missing
 * (unsigned, unregistered: the columns' defaults); answers per talent whether any was new.
 */
export async function ensureCooperation(trx: AnyDb, custIds: number[], ent: Ent, now: number): Promise<boolean[]> {
  const withEnt = await insertMissing(trx, 'cust_coop_ent', custIds.map((custId) => ({ custId, entId: ent.id, createdAt: now, updatedAt: now })), ['custId', 'entId']);
  const withSupplier = await insertMissing(trx, 'cust_coop_sup', custIds.map((custId) => ({ custId, supplierId: ent.supplierId, createdAt: now, updatedAt: now })), ['custId', 'supplierId']);
  return withEnt.map((made, i) => made || withSupplier[i]);
}

type Ent = { id: number; supplierId: number };
/** A new talent's row: unverified, unsigned, enabled, registered by the enterprise (新增人才 and the import). */
export const newTalentRow = (values: object, custCode: string, ent: Ent, now: number) =>
  ({ ...values, custCode, entId: ent.id, supplierId: ent.supplierId, realNameStatus: 0, signStatus: 0, status: 0, createdAt: now, updatedAt: now });
/** A card added with its talent (unchecked, a debit card unless the BIN table says otherwise), its bank from the BIN table when not given. */
export const newCardRow = (custId: number, cardNo: string, bankName: string | null, bin: BinMatch | null, now: number) =>
  ({ custId, cardNo, bankName: bankName ?? bin?.bankName ?? null, cardType: bin?.cardType ?? 'DC', createdAt: now, updatedAt: now });

/** The talent's card (its bankCard and bankName) unless it has it. */
export async function ensureCard(trx: AnyDb, custId: number, { bankCard, bankName }: Row, now: number): Promise<void> {
  if (bankCard) await insertMissing(trx, 'cust_card', [newCardRow(custId, String(bankCard), (bankName as string | null) ?? null, await lookupBin(trx, String(bankCard)), now)], ['custId', 'cardNo']);
}
