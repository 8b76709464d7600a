/** Entry of the `@flexpay/shared-utility/kit` specifier (kit v2); see src/kit/entity/index.ts. */
export * from './src/kit/entity';
