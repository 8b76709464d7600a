/**
 * Stand-in for `@flexpay/shared-utility` in unit tests: the real DOM-free rules (validators, enums,
 * routes) and the real workbook parser, with jest.fn stubs for the server, the session and the kit
 * widgets (ExcelUpload and TableView are replaced by plain elements the tests can drive).
 */
import { createElement } from 'react';
import type { ExcelUploadProps, TableViewProps } from '../../../shared-utility/src/kit';

export * from '../../../shared-utility/src/pure';
export { notReadyRoutes, NotReadyScreen } from '../../../shared-utility/src/app/not-ready-screen';
export { parseWorkbook, checkExcelFile, EXCEL_MESSAGES } from '../../../shared-utility/src/kit/excel/xlsx';
export type { ListDef, Row } from '../../../shared-utility/src/kit';

export const request = jest.fn();
export const showSuccess = jest.fn();
export const showError = jest.fn();
export const useSession = jest.fn(() => null);
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const loadXlsx = jest.fn(async () => require('xlsx'));

/** A file input that hands the chosen file to onChange (the real widget checks type and size first). */
export const ExcelUpload = jest.fn(({ onChange, templateKey }: ExcelUploadProps) =>
  createElement('input', { type: 'file', 'data-testid': 'excel-upload', 'data-template': templateKey, onChange: (e: { currentTarget: HTMLInputElement }) => onChange(e.currentTarget.files?.[0] ?? null) }),
);

/** Shows the list path and the reload counter so tests can see a refresh. */
export const TableView = jest.fn(({ list, reloadSignal }: TableViewProps<Record<string, unknown>>) =>
  createElement('div', { 'data-testid': 'table-view', 'data-path': list.path, 'data-reload': String(reloadSignal ?? 0) }),
);
