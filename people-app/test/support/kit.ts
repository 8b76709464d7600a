/** Stand-in for `@flexpay/shared-utility/kit` in unit tests: the declaration helpers and the import sheet, no views. */
export * from '../../../shared-utility/src/kit/entity/define';
export { importSheet, readSheet } from '../../../shared-utility/src/kit/entity/import-sheet';
