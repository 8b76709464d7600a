/**
 * @flexpay/shared-utility/kit: kit v2, entity-declared screens. Built as its own import-map module
 * (flexpay-kit.js) so that shared-utility stays within its size budget; it imports everything else
 * of shared-utility from the shared module at run time (shared-utility/webpack.config.js).
 */
import './kit.css';

export * from './define';
export { listColumnOf, columnsOf, searchFieldsOf, formFieldsOf, writableFields, defaultsOf, detailLinesOf, condOf, displayKey, tabLabel, rowCommands, commandFields, commandBody, commandCheck, type DetailLine, type InputFactory } from './derive';
export { parseListState, formatListState, emptyListState, RESERVED_KEYS, type ListState } from './url-state';
export { options$, invalidateOptions, simplePath, type RefOption } from './options';
export { RefSelect, dependsCond, refInput } from './ref-select';
export { EntityScreenView, entityFormFields, type EntityScreenViewProps } from './entity-screen';
export { FieldsDialog, DetailDialog as EntityDetailDialog, SubTableDrawer, type FieldsDialogProps } from './action-dialogs';
export { fileInput, uploadChosenFiles, FileLink, type StoredFile } from './files';
export { ImportDialog, downloadSheetTemplate, type ImportDialogProps } from './import-dialog';
export { importSheet, readSheet, type ImportSheet, type ImportColumn } from './import-sheet';
export { SavedSearches, type SavedSearchesProps } from './saved-searches';
export { EntityScreenPage, screenRoutes, type ScreenModule } from './screen-routes';
export { routeCoverage } from './route-coverage';
export { secretOnce, type SecretOnceOptions } from './secret-once';
export { textView, type TextViewOptions } from './text-view';
export { childRecord, type ChildRecordOptions } from './child-record';
export { rowFiles, type RowFilesOptions, type RowFilesColumn, type RowFilesField, type RowFilesSummaryPart } from './row-files';
