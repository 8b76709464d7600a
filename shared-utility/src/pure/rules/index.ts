/** Business rules of DOMAIN.md as pure, exact functions: fees, balances, invoice tax, identity, payout rows. */
export * from './fees';
export * from './money';
export * from './invoice-tax';
export * from './identity';
export * from './order-checks';
export * from './order-exports';
export * from './agreement';
export * from './package';
export * from './talent';
export * from './signing';
export * from './invoice-apply';
export * from './statement';
