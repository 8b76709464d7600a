/** Stand-in for `@flexpay/shared-utility` in unit tests: the real DOM-free rules, routes and entities. */
export * from '../../../shared-utility/src/pure';
export { loadCharts, mountChart, MONEY_AXIS, yuanText } from '../../../shared-utility/src/ui/charts';
// The request layer and the kit's money format, for the statistics chart (issue 22).
export const request = jest.fn();
export { EMPTY_MARK, formatMoney } from '../../../shared-utility/src/kit/format';
