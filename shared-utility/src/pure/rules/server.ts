/**
 * Pure rules only the server runs (a payout's pricing and row checks, the order gate, app versions, monthly
 * sums): shared code with their unit tests, imported by path so the browser's shared-utility bundle does not
 * carry them (≤ 80 KB gzip).
 */
export * from './order-pricing';
export * from './order-rows';
export * from './ent';
export * from './app-versions';
export * from './monthly';
export * from './statement-proof';
export * from './ledger';
export * from './balance-batch';
export * from './order-steps';
export * from './accounts';
export * from './package-settlement';
export * from './talent-import';
export * from './invoice-kind';
export * from './sign-clock';
export * from './cards';
export * from './simulated';
