export { showError, showSuccess, showWarning, showInfo } from './toast';
export { confirmDialog, type ConfirmOptions } from './confirm';
export { beginLoading, endLoading, isLoading, LOADING_TEXT } from './loading';
export { loadCharts, mountChart, CHART_LOAD_FAILED, MONEY_AXIS, yuanText, type Charts, type ChartInstance } from './charts';
