/**
 * E-sign (channels 2 and 6) and the supplier's tax channel behind a provider interface (DOMAIN.md §10).
 * A request is sent when the operator starts it (sign 0→10, tax registration 0→10); the provider
 * answers later, and domain/cust/sign-scheduler.ts collects the answers on its clock. The built-in
 * simulated provider answers after a fixed delay, deterministically: signed (registered) when the
 * talent's real-name is 10, failed otherwise (DOMAIN.md §6) — see rules/sign-clock.ts dueMoves.
 */
import type { SignDelays } from '@flexpay/shared-utility/src/pure/rules/server';

export interface ESignProvider {
  /** How long the provider takes to answer a sign request and a tax registration. */
  readonly delays: SignDelays;
}

/** Delays of the simulated provider: FLEXPAY_ESIGN_DELAY_MS (default 30 s) for both answers. */
export function simulatedESign(env: NodeJS.ProcessEnv = process.env): ESignProvider {
  const configured = Number(env.FLEXPAY_ESIGN_DELAY_MS);
  const ms = Number.isFinite(configured) && configured >= 0 ? configured : 30_000;
  return { delays: { eSignMs: ms, taxRegMs: ms } };
}
