import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { aesGcmDecrypt, aesGcmEncrypt, sealKeyOf } from './client-secrets';
import { ensureKeyPair, generateKeyPair, keyPaths, writeKeyPair, type KeyPair } from './rsa';

const STAGED = '.new';

export interface Rotation {
  /** Sealed client keys moved to the new key. */
  resealed: number;
  /** Suffix of the previous key files kept beside the new ones. */
  backupSuffix: string;
  /** A staged key of an interrupted rotation was found and its rotation finished. */
  resumed: boolean;
}

function readPair(dataDir: string, suffix: string): KeyPair | null {
  const { privatePath, publicPath } = keyPaths(dataDir, suffix);
  if (!fs.existsSync(privatePath) || !fs.existsSync(publicPath)) return null;
  return { privatePem: fs.readFileSync(privatePath, 'utf8'), publicPem: fs.readFileSync(publicPath, 'utf8') };
}

async function sealedKeys(db: Kysely<Database>) {
  return db.selectFrom('client').select(['clientCode', 'md5KeyEnc', 'aesKeyEnc']).where((eb) => eb.or([eb('md5KeyEnc', 'is not', null), eb('aesKeyEnc', 'is not', null)])).execute();
}

/** Whether the database's sealed client keys open under this pair (trivially so when there are none). */
async function sealedUnder(db: Kysely<Database>, pair: KeyPair): Promise<boolean> {
  const key = sealKeyOf(pair.privatePem);
  const rows = await sealedKeys(db);
  return rows.every((r) => [r.md5KeyEnc, r.aesKeyEnc].every((sealed) => sealed === null || aesGcmDecrypt(key, sealed) !== null));
}

function swapInto(dataDir: string, backupSuffix: string): void {
  const live = keyPaths(dataDir);
  const backup = keyPaths(dataDir, backupSuffix);
  const next = keyPaths(dataDir, STAGED);
  fs.copyFileSync(live.privatePath, backup.privatePath);
  fs.chmodSync(backup.privatePath, 0o600);
  fs.copyFileSync(live.publicPath, backup.publicPath);
  // rename is atomic: a server starting meanwhile reads either the old or the new file, whole.
  fs.renameSync(next.publicPath, live.publicPath);
  fs.renameSync(next.privatePath, live.privatePath);
}

/**
 * Replaces the login RSA key pair (npm run rotate-key, servers stopped). The client keys sealed
 * under the old key are re-sealed under the new one in one transaction; the new pair is staged as
 * .new files before that transaction and moved in after it, so an interruption at any point is
 * finished by running the rotation again. Sessions are derived from the key: everyone signs in again.
 */
export async function rotateKeyPair(db: Kysely<Database>, dataDir: string, now = new Date()): Promise<Rotation> {
  const backupSuffix = `.${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}.bak`;
  const current = ensureKeyPair(dataDir);
  const pending = readPair(dataDir, STAGED);
  if (pending && (await sealedKeys(db)).length > 0 && (await sealedUnder(db, pending)) && !(await sealedUnder(db, current))) {
    swapInto(dataDir, backupSuffix);
    return { resealed: 0, backupSuffix, resumed: true };
  }
  const fresh = generateKeyPair();
  writeKeyPair(dataDir, fresh, STAGED);
  const oldKey = sealKeyOf(current.privatePem);
  const newKey = sealKeyOf(fresh.privatePem);
  const resealed = await db.transaction().execute(async (trx) => {
    const rows = await sealedKeys(trx as unknown as Kysely<Database>);
    for (const row of rows) {
      const reseal = (sealed: string | null) => {
        if (sealed === null) return null;
        const plain = aesGcmDecrypt(oldKey, sealed);
        if (plain === null) throw new Error(`客户端 ${row.clientCode} 的密钥无法用当前私钥解开，轮换已取消，未做任何修改`);
        return aesGcmEncrypt(newKey, plain);
      };
      await trx.updateTable('client').set({ md5KeyEnc: reseal(row.md5KeyEnc), aesKeyEnc: reseal(row.aesKeyEnc) }).where('clientCode', '=', row.clientCode).execute();
    }
    return rows.length;
  });
  swapInto(dataDir, backupSuffix);
  return { resealed, backupSuffix, resumed: false };
}
