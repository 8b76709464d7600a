export { showError, showSuccess, showWarning, showInfo } from './toast';
export { confirmDialog, type ConfirmOptions } from './confirm';
export { beginLoading, endLoading, isLoading, LOADING_TEXT } from './loading';
