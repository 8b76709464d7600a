/**
 * The platform's own key pair of the open API: it signs the answers to RSA clients, who check them
 * with its public key (shown in the client's 密钥设置). Kept apart from the login key pair so that one
 * key never both decrypts and signs; created in the data directory on first use.
 */
import path from 'node:path';
import type { AppDeps } from '../http/guard';
import { ensureKeyPair, type KeyPair } from '../security/rsa';

const pairs = new Map<string, KeyPair>();

export function openKeyPair(deps: Pick<AppDeps, 'config'>): KeyPair {
  const dir = path.join(deps.config.dataDir, 'open-api');
  let pair = pairs.get(dir);
  if (!pair) {
    pair = ensureKeyPair(dir);
    pairs.set(dir, pair);
  }
  return pair;
}

export const openPublicKey = (deps: Pick<AppDeps, 'config'>): string => openKeyPair(deps).publicPem;
