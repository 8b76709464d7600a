/**
 * Bank-card 3-factor check (name, ID number, card number) behind a provider interface (DOMAIN.md §10).
 * The built-in provider is the simulated one of DOMAIN.md §6: deterministic, a card passes iff its
 * number passes Luhn, so tests and demos reach both outcomes; a deployment plugs a vendor in here.
 */
import { simulatedBankCardCheck } from '@flexpay/shared-utility/src/pure/rules/server';

export interface BankCardCheckRequest {
  name: string;
  idNumber: string;
  cardNo: string;
}

export interface BankCardChecker {
  /** → validated: 1 the three factors match, 2 they do not. */
  check(request: BankCardCheckRequest): Promise<1 | 2>;
}

export const simulatedBankCardChecker: BankCardChecker = {
  async check({ cardNo }) {
    return simulatedBankCardCheck(cardNo);
  },
};
