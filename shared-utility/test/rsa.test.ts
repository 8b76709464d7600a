/** @jest-environment jsdom */
import { generateKeyPairSync } from 'node:crypto';
import { TextDecoder } from 'node:util';
import forge from 'node-forge';
import JSEncrypt from 'jsencrypt';
import { encryptBody, RSA_CHUNK_BYTES } from '../src/api/encrypt';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const forgeKey = forge.pki.privateKeyFromPem(privateKey);

/** Decrypts each comma-separated piece on its own, as the server does. */
function decryptPieces(wire: string): Buffer[] {
  return wire.split(',').map((b64) => Buffer.from(forgeKey.decrypt(forge.util.decode64(b64), 'RSAES-PKCS1-V1_5'), 'binary'));
}

describe('encryptBody (CONTRACT.md "Encrypted bodies")', () => {
  it('splits a long Chinese JSON body into ≤245-byte UTF-8 pieces that decrypt back to the original', () => {
    // The ASCII prefix of odd length shifts the 3-byte characters so that a naive byte split would cut one.
    const body = JSON.stringify({ username: 'admin1', password: 'Aa!23456789', remark: '灵活用工结算说明'.repeat(40), x: 'y' });
    const plaintextBytes = Buffer.byteLength(body, 'utf8');
    expect(plaintextBytes).toBeGreaterThan(3 * RSA_CHUNK_BYTES);

    const pieces = decryptPieces(encryptBody(JSEncrypt, publicKey, body));
    expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil(plaintextBytes / RSA_CHUNK_BYTES));
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(RSA_CHUNK_BYTES);
      expect(piece.length).toBeGreaterThan(0);
      // A piece that starts or ends inside a character is not valid UTF-8 on its own.
      expect(() => strict.decode(piece)).not.toThrow();
    }
    expect(Buffer.concat(pieces).toString('utf8')).toBe(body);
  });

  it('sends a short body as a single piece', () => {
    const body = '{"password":"Flexpay@2026"}';
    const wire = encryptBody(JSEncrypt, publicKey, body);
    expect(wire.split(',')).toHaveLength(1);
    expect(decryptPieces(wire)[0].toString('utf8')).toBe(body);
  });

  it('keeps characters outside the BMP intact as JSON escapes', () => {
    const value = { name: '张三😀', note: '𠮷'.repeat(100) };
    const pieces = decryptPieces(encryptBody(JSEncrypt, publicKey, JSON.stringify(value)));
    pieces.forEach((piece) => expect(piece.length).toBeLessThanOrEqual(RSA_CHUNK_BYTES));
    expect(JSON.parse(Buffer.concat(pieces).toString('utf8'))).toEqual(value);
  });
});
