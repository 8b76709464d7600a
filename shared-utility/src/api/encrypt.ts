import type JSEncrypt from 'jsencrypt';

export type RsaClass = typeof JSEncrypt;
type RsaModule = RsaClass & { default?: RsaClass };

let loading: Promise<RsaClass> | null = null;

/**
 * jsencrypt (≈19 KB gzip) stays out of the shared-utility bundle (80 KB gzip budget): it is the
 * import-map entry 'jsencrypt', fetched before the first encrypted call.
 */
export function loadRsa(): Promise<RsaClass> {
  const system = (window as unknown as { System?: { import: (name: string) => Promise<RsaModule> } }).System;
  if (!system) return Promise.reject(new Error('SystemJS is not available'));
  loading ??= system.import('jsencrypt').then(
    // The package's CommonJS build exports the class itself, its ES build as default.
    (mod) => mod.default ?? mod,
    (error: unknown) => {
      loading = null; // a later call may retry after a network failure
      throw error;
    },
  );
  return loading;
}

/** A 2048-bit key leaves 256 - 11 bytes of PKCS#1 v1.5 payload per block (CONTRACT.md "Encrypted bodies"). */
export const RSA_CHUNK_BYTES = 245;

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * jsencrypt encodes every UTF-16 unit on its own, so a character outside the BMP would reach the
 * server as two invalid 3-byte sequences. JSON allows `\uXXXX` escapes for any character, so writing
 * surrogate pairs escaped keeps the document identical after parsing and leaves only BMP characters.
 */
function escapeAstral(json: string): string {
  const escape = (unit: number) => `\\u${unit.toString(16)}`;
  return json.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, (pair) => escape(pair.charCodeAt(0)) + escape(pair.charCodeAt(1)));
}

/** Splits on character boundaries so that each piece is at most `maxBytes` bytes of UTF-8. */
function splitUtf8(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of text) {
    const size = utf8Length(char.codePointAt(0)!);
    if (bytes + size > maxBytes) {
      pieces.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  if (current || pieces.length === 0) pieces.push(current);
  return pieces;
}

/**
 * The wire form of an encrypted body: the plaintext JSON in UTF-8 pieces of at most 245 bytes, each
 * RSA/PKCS#1 v1.5 encrypted and base64-encoded, joined with commas.
 */
export function encryptBody(Rsa: RsaClass, publicKeyPem: string, plaintext: string): string {
  const rsa = new Rsa();
  rsa.setPublicKey(publicKeyPem);
  return splitUtf8(escapeAstral(plaintext), RSA_CHUNK_BYTES)
    .map((piece) => {
      const cipher = rsa.encrypt(piece);
      if (cipher === false) throw new Error('请求数据加密失败');
      return cipher;
    })
    .join(',');
}
