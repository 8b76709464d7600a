/** Stand-in for `@flexpay/shared-utility/kit` in unit tests: the declaration helpers and the import sheet, no views. */
export * from '../../../shared-utility/src/kit/entity/define';
export { importSheet, readSheet } from '../../../shared-utility/src/kit/entity/import-sheet';
export { commandFields } from '../../../shared-utility/src/kit/entity/derive';

/** The views and calls screen files use, as inert stand-ins (declarations are what these tests check). */
const view = () => null;
export const fileInput = () => view;
export const uploadChosenFiles = async (_entity: unknown, payload: Record<string, unknown>) => payload;
export const defaultsOf = () => ({});
export const entityFormFields = () => [];
export { view as FieldsDialog, view as EntityScreenView, view as SubTableDrawer };
