/**
 * ID-card OCR behind a provider interface (DOMAIN.md §10). The built-in provider is the simulated one
 * of shared-utility rules/talent.ts: it reads nothing from the pixels, the photo's MD5 decides the
 * name, region, birth date and sequence, and the check character is computed — the same photo always
 * reads the same valid resident ID. A production deployment plugs a vendor in through the interface.
 */
import { type IdCardOcrResult, simulatedIdCardOcr } from '@flexpay/shared-utility/src/pure/rules/server';

export interface IdCardOcrProvider {
  /** Reads the portrait side of a resident ID card from an uploaded file (its bytes and MD5). */
  readIdCard(file: { bytes: Buffer; fileMd5: string }): Promise<IdCardOcrResult>;
}

export const simulatedOcrProvider: IdCardOcrProvider = {
  async readIdCard(file) {
    return simulatedIdCardOcr(file.fileMd5);
  },
};
