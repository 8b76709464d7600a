/** Stand-in for `@flexpay/shared-utility` in unit tests: the real DOM-free rules, routes and entities. */
export * from '../../../shared-utility/src/pure';
export { loadCharts } from '../../../shared-utility/src/ui/charts';
