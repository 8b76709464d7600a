/** DOM-free modules shared by the browser apps and the API server. */
export * from './sign';
export * from './money';
export * from './validators';
export * from './enums';
export * from './permissions';
export * from './routes';
export * from './cust-import';
export * from './account';
export * from './entity';
export * from './audit';
export * from './masking';
export * from './entities';
export * from './rules';
export * from './dashboard';
