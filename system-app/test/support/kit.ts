/** Stand-in for `@flexpay/shared-utility/kit` in unit tests: the declaration helpers and the derivation, no views. */
export * from '../../../shared-utility/src/kit/entity/define';
export { formFieldsOf, writableFields, defaultsOf } from '../../../shared-utility/src/kit/entity/derive';
