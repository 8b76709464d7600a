/** Stand-in for `@flexpay/shared-utility` in unit tests: the real DOM-free rules, routes and entities. */
export * from '../../../shared-utility/src/pure';

/** The browser calls and views screen files use, as inert stand-ins. */
const view = () => null;
const call = async () => ({});
export { call as request, call as download, call as fetchFile, view as FileUpload, view as FormDialog, view as OverlayFrame };
export const showSuccess = () => undefined;
export const previewFile = () => undefined;
export const extensionOf = (name: string) => name.split('.').pop() ?? '';
export type Row = Record<string, unknown>;
export type Field = Record<string, unknown>;
export type UploadValue = { url: string; type: string; file?: File; fileMd5?: string; name?: string };
