/** The screen kit: declared tables, forms, dialogs, inputs, uploads and Excel export. */
export * from './screen';
export { isPermitted, usePermitted, Permitted, type PermittedProps } from './permitted';
export {
  formatDate,
  DEFAULT_DATE_FORMAT,
  shortenText,
  LONG_TEXT_LIMIT,
  feeLadderText,
  feeLadderLines,
  FEE_LADDER_EMPTY,
  formatMoney,
  plainMoney,
  isNegativeMoney,
  EMPTY_MARK,
  cellText,
  displayWidth,
  type FeeLadderEntry,
} from './format';

export {
  FormMachine,
  FORM_MESSAGES,
  SUBMIT_DEBOUNCE_MS,
  FORM_LABEL_WIDTH,
  FORM_DIALOG_WIDTH,
  confirmButtonLabel,
  validateForm,
  sameValue,
  isDirty,
  type FormSnapshot,
  type FormDeps,
  type FormOptions,
  type SubmitOutcome,
} from './form/form-state';
export { useFormMachine, FormFields, FormButtons } from './form/form-view';
export { useFieldValues } from './form/field-values';
export { FormDialog, FormDrawer, submitTo, type FormContainerProps } from './form/form-dialog';
export { FieldInput, type FieldInputProps } from './form/field-input';

export { TableView, TableDrawer, TABLE_DRAWER_WIDTH, type TableViewProps, type TableDrawerProps, type TableViewContext } from './table/table-view';
export { DataTable, type DataTableProps, columnLayout, type ColumnLayout } from './table/data-table';
export { StatusTag } from './table/status-tag';
export { TabPanel, tabPanelProps } from './table/tab-panel';
export { SearchForm, type SearchFormProps } from './table/search-form';
export { Pagination, type PaginationProps } from './table/pagination';
export { PAGE_SIZES, DEFAULT_PAGE_SIZE, LARGE_SUMMARY_NOTE, scrollToTop } from './table/pager';
export { useTableData, type TableData, type PageParams, type OrderBy } from './table/use-table-data';
export { LongText } from './table/long-text';
export { searchCond, emptySearch } from './table/search-cond';
export { MaskedValue, mayRevealField, wholeExportAllowed, WHOLE_EXPORT_LABEL } from './table/masked-value';

export { FilterDialog, SelectedRows, filterDialogWidth, type FilterDialogProps } from './dialogs/filter-dialog';
export { DetailDialog, type DetailDialogProps, type DetailItem } from './dialogs/detail-dialog';
export { OverlayFrame, type OverlayFrameProps } from './dialogs/overlay-frame';

export { MoneyInput, type MoneyInputProps } from './inputs/money-input';
export { NumberRangeInput, type NumberRangeInputProps } from './inputs/number-range-input';
export { AutoTextArea, type AutoTextAreaProps } from './inputs/text-area';
export { FeeLadder, type FeeLadderProps } from './inputs/fee-ladder';
export { LadderInput, ladderError, type LadderInputProps } from './inputs/ladder-input';
export { applyRangeBound, acceptMoneyInput, type RangeValue } from './inputs/input-rules';

export {
  loadXlsx,
  buildWorkbook,
  columnWidths,
  XLSX_WRITE_OPTIONS,
  exportRows,
  sheetMatrix,
  exportFileName,
  checkExcelFile,
  EXCEL_MAX_BYTES,
  EXCEL_MESSAGES,
  type Xlsx,
} from './excel/xlsx';
export { ExportButton, type ExportButtonProps } from './excel/export-button';
export { ExcelUpload, type ExcelUploadProps } from './excel/excel-upload';

export { FileReadingContext, FileUpload, type FileUploadProps, type UploadValue } from './upload/file-upload';
export { computeFileMd5, MD5_CHUNK_BYTES } from './upload/md5-worker-source';
export { compressImage } from './upload/image';
export { checkUploadFile, DEFAULT_ACCEPT, extensionOf, UPLOAD_MESSAGES } from './upload/file-rules';

export { ScreenView, type ScreenViewProps } from './screen-view';
