/**
 * Real-name verification (2-factor: name and ID number) behind a provider interface (DOMAIN.md §6,
 * §10). The built-in simulated provider passes a resident ID (111) iff its checksum is valid and
 * every other ID type (rules/simulated.ts simulatedRealName): deterministic, so tests reach 10 and 20.
 */
import { simulatedRealName } from '@flexpay/shared-utility/src/pure/rules/server';

export interface RealNameProvider {
  /** 10 success, 20 failed. */
  verify(person: { name: string; idType: number; idNumber: string }): Promise<10 | 20>;
}

export const simulatedRealNameProvider: RealNameProvider = {
  async verify(person) {
    return simulatedRealName(person.idType, person.idNumber);
  },
};
